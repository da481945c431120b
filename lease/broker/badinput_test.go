package broker_test

import (
	"bufio"
	"encoding/json"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/leasegate/leasegate/lease/broker"
	"github.com/leasegate/leasegate/lease/wire"
)

func rawConn(t *testing.T, sock string) (net.Conn, *bufio.Reader) {
	t.Helper()
	c, err := net.Dial("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c, bufio.NewReader(c)
}

func readReply(t *testing.T, c net.Conn, r *bufio.Reader) (wire.Reply, error) {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	line, err := r.ReadBytes('\n')
	if err != nil {
		return wire.Reply{}, err
	}
	var rep wire.Reply
	if err := json.Unmarshal(line, &rep); err != nil {
		t.Fatalf("reply %q: %v", line, err)
	}
	return rep, nil
}

// stillServing checks that a fresh client gets a status answer.
func stillServing(t *testing.T, sock string) {
	t.Helper()
	if rep := call(t, sock, wire.Request{Op: wire.OpStatus}); !rep.OK {
		t.Fatalf("broker stopped serving others: %+v", rep)
	}
}

func TestBadInput(t *testing.T) {
	srv := startBroker(t, broker.Config{IdleTimeout: 300 * time.Millisecond, WriteTimeout: 300 * time.Millisecond})
	sock := srv.Addr()

	t.Run("answered errors keep the connection", func(t *testing.T) {
		c, r := rawConn(t, sock)
		cases := []struct {
			line string
			code wire.Code
		}{
			{"garbage", wire.CodeBadRequest},
			{"", wire.CodeBadRequest},
			{"[1,2,3]", wire.CodeBadRequest},
			{`{"v":1,"op":"authorize","generation":"x"}`, wire.CodeBadRequest},
			{`{"v":2,"op":"status"}`, wire.CodeUnsupportedVersion},
			{`{"op":"status"}`, wire.CodeUnsupportedVersion},
			{`{"v":1}`, wire.CodeBadRequest},
			{`{"v":1,"op":"frobnicate"}`, wire.CodeUnknownOp},
			{`{"v":1,"op":"promote","session":"x","token":"zz"}`, wire.CodeUnknownSession},
			{`{"v":1,"op":"register","runtime":"claude","pid":1}`, wire.CodePeerRefused},
			{"{\"v\":1,\"op\":\"status\"\x00}", wire.CodeBadRequest},
		}
		for _, tc := range cases {
			c.Write([]byte(tc.line + "\n"))
			rep, err := readReply(t, c, r)
			if err != nil {
				t.Fatalf("%q: %v", tc.line, err)
			}
			if rep.OK || rep.Code != tc.code || rep.V != wire.ProtocolVersion {
				t.Errorf("%q: got %+v, want code %s", tc.line, rep, tc.code)
			}
		}
		c.Write([]byte(`{"v":1,"op":"status"}` + "\n"))
		if rep, err := readReply(t, c, r); err != nil || !rep.OK {
			t.Fatalf("connection unusable after errors: %+v %v", rep, err)
		}
	})

	t.Run("authorize garbage is a denial", func(t *testing.T) {
		c, r := rawConn(t, sock)
		for _, line := range []string{
			`{"v":1,"op":"authorize"}`,
			`{"v":1,"op":"authorize","tool":"Bash"}`,
			`{"v":1,"op":"authorize","session":"nope","generation":1,"tool":"Read"}`,
		} {
			c.Write([]byte(line + "\n"))
			rep, err := readReply(t, c, r)
			if err != nil || rep.Allow || rep.Code != wire.CodeUnknownSession {
				t.Errorf("%s: %+v %v", line, rep, err)
			}
		}
	})

	t.Run("100 MB line", func(t *testing.T) {
		c, r := rawConn(t, sock)
		done := make(chan error, 1)
		go func() {
			chunk := []byte(strings.Repeat("x", 1<<20))
			var err error
			for i := 0; i < 100 && err == nil; i++ {
				_, err = c.Write(chunk)
			}
			done <- err
		}()
		rep, err := readReply(t, c, r)
		if err == nil && (rep.OK || rep.Code != wire.CodeBadRequest) {
			t.Fatalf("over-long line: %+v", rep)
		}
		if err := <-done; err == nil {
			t.Fatal("the broker read a 100 MB line to the end")
		}
		stillServing(t, sock)
	})

	t.Run("half-written request, then close", func(t *testing.T) {
		c, _ := rawConn(t, sock)
		c.Write([]byte(`{"v":1,"op":"sta`))
		c.Close()
		stillServing(t, sock)
	})

	t.Run("half-written request, then silence", func(t *testing.T) {
		c, r := rawConn(t, sock)
		c.Write([]byte(`{"v":1,"op":"sta`))
		if _, err := readReply(t, c, r); err == nil {
			t.Fatal("expected the idle connection to be closed")
		}
		stillServing(t, sock)
	})

	t.Run("client that never reads", func(t *testing.T) {
		c, _ := rawConn(t, sock)
		uc := c.(*net.UnixConn)
		uc.SetWriteBuffer(4096)
		req := []byte(strings.Repeat(`{"v":1,"op":"status"}`+"\n", 1000))
		c.SetWriteDeadline(time.Now().Add(20 * time.Second))
		var err error
		for i := 0; i < 2000 && err == nil; i++ {
			_, err = c.Write(req)
		}
		if err == nil {
			t.Fatal("the broker kept reading from a client that never reads")
		}
		stillServing(t, sock)
	})
}
