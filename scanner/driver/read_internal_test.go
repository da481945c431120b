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
			got, err := readCapped(strings.NewReader(tc.data), tc.size)
			require.NoError(t, err)
			assert.Equal(t, tc.data, string(got))
		})
	}
	// Past the cap: one byte more than the cap is read, never the rest.
	big := bytes.Repeat([]byte("x"), scanner.MaxFileSize+100)
	got, err := readCapped(bytes.NewReader(big), 10)
	require.NoError(t, err)
	assert.Len(t, got, scanner.MaxFileSize+1)
	got, err = readCapped(bytes.NewReader(big), int64(len(big)))
	require.NoError(t, err)
	assert.Len(t, got, scanner.MaxFileSize+1)
}
