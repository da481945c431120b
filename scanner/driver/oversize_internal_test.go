package driver

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
)

// TestSearchTriggers: the streaming search finds a trigger anywhere in
// the bytes, across two reads too, with its position, and judges a word's
// boundaries across reads (`pi` ending a read before `p` is `pip`).
func TestSearchTriggers(t *testing.T) {
	tr := scanner.DefaultConfig().Triggers()
	line := bytes.Repeat([]byte("x"), 99)
	line = append(line, '\n')
	filler := bytes.Repeat(line, 3*oversizeChunk/len(line)) // 30,000+ lines
	at := func(off int, text string) []byte {
		b := bytes.Clone(filler)
		return append(b[:off:off], append([]byte(text), b[off+len(text):]...)...)
	}
	for _, tc := range []struct {
		name  string
		src   []byte
		limit int64
		found string
		pos   scanner.Pos
		whole bool
	}{
		{name: "none", src: filler, limit: 1 << 30, whole: true},
		{name: "runtime in the third read", src: at(2*oversizeChunk+500, " claude "), limit: 1 << 30, found: "claude",
			pos: scanner.Pos{Line: (2*oversizeChunk+500)/100 + 1, Column: (2*oversizeChunk+500)%100 + 2}},
		{name: "across two reads", src: at(oversizeChunk-4, " claude "), limit: 1 << 30, found: "claude",
			pos: scanner.Pos{Line: (oversizeChunk-4)/100 + 1, Column: (oversizeChunk-4)%100 + 2}},
		{name: "a word ending a read", src: at(oversizeChunk-3, " pi "), limit: 1 << 30, found: "pi",
			pos: scanner.Pos{Line: (oversizeChunk-3)/100 + 1, Column: (oversizeChunk-3)%100 + 2}},
		{name: "not a word across two reads", src: at(oversizeChunk-3, " pip "), limit: 1 << 30, whole: true},
		{name: "a piece of the primitive", src: at(10, "\"permissions\""), limit: 1 << 30, found: "ermission", pos: scanner.Pos{Line: 1, Column: 13}},
		{name: "a piece inside a longer word", src: at(10, "permission"), limit: 1 << 30, whole: true},
		{name: "past the limit", src: at(2*oversizeChunk+500, " claude "), limit: 2 * oversizeChunk},
		{name: "the limit at the end", src: filler[:2*oversizeChunk], limit: 2 * oversizeChunk, whole: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pos, found, whole, head, err := searchTriggers(bytes.NewReader(tc.src), tr, tc.limit)
			require.NoError(t, err)
			assert.Equal(t, tc.found, found)
			assert.Equal(t, tc.whole, whole)
			if tc.found != "" {
				assert.Equal(t, tc.pos, pos)
			}
			assert.Equal(t, tc.src[:8192], head)
		})
	}
}

// TestScanOversizedFile: a file over the size cap is listed as skipped;
// when its bytes hold a trigger it is also RED unparseable at the
// trigger, naming the bound. Without one, in binary data or in prose, it
// stays a listed skip.
func TestScanOversizedFile(t *testing.T) {
	big := func(dir, name string, head string, tail string) {
		p := filepath.Join(dir, name)
		fh, err := os.Create(p)
		require.NoError(t, err)
		defer fh.Close()
		_, err = fh.WriteString(head)
		require.NoError(t, err)
		require.NoError(t, fh.Truncate(scanner.MaxFileSize+1<<20))
		_, err = fh.WriteAt([]byte(tail), scanner.MaxFileSize)
		require.NoError(t, err)
	}
	text := "// a bundle\n" + strings.Repeat("var x = 1;\n", 1000)
	root := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(root, "dist"), 0o755))
	big(root, "dist/cli.js", text, "\nspawn('claude')\n")
	big(root, "dist/git.js", text, "\nspawn('git')\n")
	big(root, "blob.bin", "\x00"+text, "\nclaude\n")
	big(root, "notes.md", text, "\nrun claude\n")
	rep := scanTree(t, root, nil)
	var skipped []string
	for _, s := range rep.Skipped {
		skipped = append(skipped, s.File)
	}
	assert.Equal(t, []string{"blob.bin", "dist/cli.js", "dist/git.js", "notes.md"}, skipped)
	require.Len(t, rep.Findings, 1)
	f := rep.Findings[0]
	assert.Equal(t, "dist/cli.js", f.File)
	assert.Equal(t, scanner.ClassUnparseable, f.Class)
	assert.Equal(t, scanner.VerdictRed, f.Verdict)
	assert.Contains(t, f.Message, "larger than 32 MiB")
	assert.Contains(t, f.Message, "`claude`")
	assert.Equal(t, 1003, f.Line) // 1,001 lines of text, zeros, then a newline before the launch
}
