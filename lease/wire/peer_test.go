package wire_test

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/lease/wire"
)

func TestParseProcStat(t *testing.T) {
	// A command name with spaces and parentheses: fields come after the
	// last ')'.
	line := "4242 (evil) 1 2 (x) S 17 4242 4242 0 -1 4194304 100 0 0 0 1 2 0 0 20 0 1 0 987654 1000 10\n"
	st, err := wire.ParseProcStat(4242, []byte(line))
	require.NoError(t, err)
	assert.Equal(t, wire.ProcStat{PID: 4242, PPID: 17, Start: 987654}, st)
	for _, bad := range []string{"", "4242 no paren", "4242 (x) S notanumber", "4242 (x) S 1 2"} {
		_, err := wire.ParseProcStat(1, []byte(bad))
		assert.Error(t, err, "%q parsed", bad)
	}
}

func TestParseProcess(t *testing.T) {
	p, err := wire.ParseProcess("123:456")
	require.NoError(t, err)
	assert.Equal(t, wire.Process{PID: 123, Start: 456}, p)
	assert.Equal(t, "123:456", p.String())
	for _, bad := range []string{"", "123", "123:", ":456", "0:1", "-1:1", "x:1", "1:x", "1:2:3"} {
		_, err := wire.ParseProcess(bad)
		assert.Error(t, err, "%q parsed", bad)
	}
}

// TestDialBrokerAuthenticates: the peer of a connection is the listening
// process (this test), and DialBroker refuses a socket served by any other
// process identity before sending a byte.
func TestDialBrokerAuthenticates(t *testing.T) {
	dir, err := os.MkdirTemp("", "lgw")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	sock := filepath.Join(dir, "b.sock")
	ln, err := net.Listen("unix", sock)
	require.NoError(t, err)
	t.Cleanup(func() { ln.Close() })
	got := make(chan int, 4)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			n, _ := c.Read(make([]byte, 1))
			got <- n
			c.Close()
		}
	}()
	self, err := wire.ReadProcStat(os.Getpid())
	require.NoError(t, err)
	me := wire.Process{PID: os.Getpid(), Start: self.Start}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()

	c, err := wire.DialBroker(ctx, sock, me)
	require.NoError(t, err)
	peer, err := c.Peer()
	require.NoError(t, err)
	assert.Equal(t, me, peer)
	c.Close()
	<-got

	for _, other := range []wire.Process{{PID: me.PID, Start: me.Start + 1}, {PID: os.Getppid(), Start: me.Start}} {
		_, err := wire.DialBroker(ctx, sock, other)
		require.Error(t, err, "%v", other)
		assert.True(t, errors.Is(err, wire.ErrNotTheBroker), "%v", err)
		assert.True(t, errors.Is(err, wire.ErrUnavailable), "%v", err)
		assert.Contains(t, err.Error(), "not by the broker launch-runtime registered with")
		assert.Equal(t, 0, <-got, "a byte reached the replacement")
	}
}

func TestCheckSocketDir(t *testing.T) {
	root := t.TempDir()
	mk := func(name string, mode os.FileMode) string {
		p := filepath.Join(root, name)
		require.NoError(t, os.Mkdir(p, 0o700))
		require.NoError(t, os.Chmod(p, mode))
		return p
	}
	assert.NoError(t, wire.CheckSocketDir(mk("ok", 0o700), false))
	assert.NoError(t, wire.CheckSocketDir(mk("search", 0o711), true))
	wide := mk("wide", 0o755)
	err := wire.CheckSocketDir(wide, false)
	assert.ErrorIs(t, err, wire.ErrUnsafeDir)
	assert.Contains(t, err.Error(), "has mode 0755, want 0700")
	link := filepath.Join(root, "link")
	require.NoError(t, os.Symlink(filepath.Join(root, "ok"), link))
	err = wire.CheckSocketDir(link, false)
	assert.ErrorIs(t, err, wire.ErrUnsafeDir)
	assert.Contains(t, err.Error(), "is not a folder")
}
