package driver

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
)

func TestReadCapped(t *testing.T) {
	for _, tc := range []struct {
		name string
		data string
		size int64 // the size the walk saw
	}{
		{"empty", "", 0},
		{"as seen", "hello", 5},
		{"shrank", "hel", 5},
		{"grew", "hello, world", 5},
		{"unknown size", "hello", -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := readCapped(strings.NewReader(tc.data), tc.size, nil)
			require.NoError(t, err)
			assert.Equal(t, tc.data, string(got))
		})
	}
	// Past the cap: one byte more than the cap is read, never the rest.
	big := bytes.Repeat([]byte("x"), scanner.MaxFileSize+100)
	got, err := readCapped(bytes.NewReader(big), 10, nil)
	require.NoError(t, err)
	assert.Len(t, got, scanner.MaxFileSize+1)
	got, err = readCapped(bytes.NewReader(big), int64(len(big)), new([]byte))
	require.NoError(t, err)
	assert.Len(t, got, scanner.MaxFileSize+1)
}

// A pooled buffer read into again holds the new file only, whatever the
// one before left in it, and grows to the largest file it held.
func TestReadCappedPooled(t *testing.T) {
	buf := new([]byte)
	got, err := readCapped(strings.NewReader("a longer file"), 13, buf)
	require.NoError(t, err)
	assert.Equal(t, "a longer file", string(got))
	assert.GreaterOrEqual(t, cap(*buf), 14)
	for _, tc := range []struct {
		data string
		size int64
	}{{"short", 5}, {"shrank", 10}, {"grew past what was seen", 3}} {
		got, err = readCapped(strings.NewReader(tc.data), tc.size, buf)
		require.NoError(t, err)
		assert.Equal(t, tc.data, string(got), "stale bytes of an earlier file")
	}
}
