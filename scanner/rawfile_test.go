package scanner_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
)

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	for _, data := range []string{"", "hello", strings.Repeat("x", 1<<16+3)} {
		p := filepath.Join(dir, "f")
		require.NoError(t, os.WriteFile(p, []byte(data), 0o644))
		got, err := scanner.ReadFile(p)
		require.NoError(t, err)
		assert.Equal(t, data, string(got))
	}

	_, err := scanner.ReadFile(filepath.Join(dir, "missing"))
	require.ErrorIs(t, err, os.ErrNotExist)

	// a FIFO is not read (nor waited on): no writer ever comes
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	_, err = scanner.ReadFile(fifo)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not a regular file")

	_, err = scanner.ReadFile(dir)
	require.Error(t, err, "a directory is not a regular file")
}

// PeekFile reads as ReadFile does; its pooled buffers, reused from a
// larger file to a smaller one and back, show only the file's own bytes.
func TestPeekFile(t *testing.T) {
	dir := t.TempDir()
	for _, data := range []string{strings.Repeat("y", 1<<16+3), "", "hello", strings.Repeat("z", 1<<20+5), "hi"} {
		p := filepath.Join(dir, "f")
		require.NoError(t, os.WriteFile(p, []byte(data), 0o644))
		var got string
		require.NoError(t, scanner.PeekFile(p, func(src []byte) { got = string(src) }))
		assert.Equal(t, data, got)
	}
	called := false
	err := scanner.PeekFile(filepath.Join(dir, "missing"), func([]byte) { called = true })
	require.ErrorIs(t, err, os.ErrNotExist)
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	err = scanner.PeekFile(fifo, func([]byte) { called = true })
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not a regular file")
	assert.False(t, called, "fn runs only on a file read")
}
