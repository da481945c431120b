package driver

import (
	"bytes"
	"context"
	"fmt"
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

// boundedDetector is lineDetector for `.tok` files, with a token bound
// (scanner.TokenBounded).
type boundedDetector struct{ lineDetector }

func (boundedDetector) Match(f *scanner.File) bool { return f.Ext == ".tok" }
func (boundedDetector) MaxTokens() int             { return 1 << 20 }

// TestScanTooManyTokens: a file under the size cap whose tokens pass its
// detector's bound (scanner.TokenBounded: a parse that would hold too
// much memory) is judged as an oversized one: listed as skipped, and RED
// unparseable at its first trigger when it holds one. A file under the
// bound is read by its detector, and a detector without a bound reads any
// file under the size cap.
func TestScanTooManyTokens(t *testing.T) {
	tokens := func(n int) string { return strings.Repeat("a;", n/2) } // n tokens in n bytes
	root := writeTree(t, map[string]string{
		"dist/cli.tok":  tokens(1<<20+10) + "\nrun claude\n",
		"dist/git.tok":  tokens(1<<20+10) + "\nrun git\n",
		"small/cli.tok": tokens(1<<20-10) + "\nrun claude\n",
		"other/cli.run": tokens(1<<21) + "\nrun claude\n",
	})
	rep, err := Scan(context.Background(), Options{Root: root, Suite: scanner.Suite{Detectors: []scanner.Detector{boundedDetector{}, lineDetector{}}}})
	require.NoError(t, err)
	var skipped []string
	for _, s := range rep.Skipped {
		skipped = append(skipped, s.File)
		assert.Contains(t, s.Reason, "more than 1048576 tokens")
	}
	assert.Equal(t, []string{"dist/cli.tok", "dist/git.tok"}, skipped)
	var got []string
	for _, f := range rep.Findings {
		got = append(got, fmt.Sprintf("%s:%d %s", f.File, f.Line, f.Class))
		if f.Class == scanner.ClassUnparseable {
			assert.Contains(t, f.Message, "more than 1048576 tokens, the test detector's bound on one file's memory")
			assert.Contains(t, f.Message, "`claude`")
		}
	}
	assert.ElementsMatch(t, []string{"dist/cli.tok:2 unparseable", "small/cli.tok:2 direct-literal", "other/cli.run:2 direct-literal"}, got)
}

// TestMoreTokens: the count is of word runs and other non-space bytes,
// and a file no longer than the limit is not read.
func TestMoreTokens(t *testing.T) {
	assert.False(t, scanner.MoreTokens([]byte("a(b)"), 4))
	assert.True(t, scanner.MoreTokens([]byte("a(b);"), 4))
	assert.False(t, scanner.MoreTokens([]byte("word  other\n\tthird $x_1 é"), 5))
	assert.True(t, scanner.MoreTokens([]byte("word  other\n\tthird $x_1 é !"), 5))
	assert.False(t, scanner.MoreTokens([]byte("abcdefgh"), 8))
}
