package report

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
)

func TestExcerpt(t *testing.T) {
	long := strings.Repeat("a", 100) + "claude" + strings.Repeat("b", 100)
	tests := []struct {
		name, line string
		col        int
		text       string
		caret      string
	}{
		{"start", "claude -p x", 1, "claude -p x", "^"},
		{"middle", `  "x": "claude -p"`, 9, `  "x": "claude -p"`, "        ^"},
		{"tab expanded", "\tclaude", 2, "    claude", "    ^"},
		{"multibyte before the column", "é claude", 4, "é claude", "  ^"},
		{"past the end", "ab", 9, "ab", "  ^"},
		{"zero column", "ab", 0, "ab", "^"},
		{"control characters", "a\x1b[31mclaude", 8, "a?[31mclaude", "       ^"},
		{"invalid UTF-8", "\xffclaude", 2, "?claude", " ^"},
		{"bidi override", "a\u202eclaude", 5, "a?claude", "  ^"},
		{"long line cut around the column", long, 101,
			"…" + strings.Repeat("a", 60) + "claude" + strings.Repeat("b", 54) + "…", strings.Repeat(" ", 61) + "^"},
		{"long line, column near the start", long, 3,
			strings.Repeat("a", 62) + "…", "  ^"}, // 60 after the caret
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, caret := excerpt(tt.line, tt.col)
			assert.Equal(t, tt.text, text)
			assert.Equal(t, tt.caret, caret)
		})
	}
}

func textReport() (*Report, func(string) ([]byte, error)) {
	src := map[string]string{
		"a.sh": "#!/bin/sh\nclaude -p x\n  eval \"$cmd\"\nclaude -p y\n",
		"b.sh": "#!/bin/sh\nlaunch-runtime --runtime claude -- -p x\n",
	}
	r := &Report{SchemaVersion: SchemaVersion, Root: ".", Summary: Summary{FilesScanned: 1}}
	r.Findings = []scanner.Finding{
		{File: "a.sh", Line: 2, Column: 1, Runtime: "claude", Class: scanner.ClassDirectLiteral, Verdict: scanner.VerdictRed, Family: ".", Message: "`claude` launched directly"},
		{File: "a.sh", Line: 3, Column: 3, Runtime: "claude", Class: scanner.ClassEval, Verdict: scanner.VerdictRed, Family: ".", Message: "eval"},
		{File: "a.sh", Line: 4, Column: 1, Runtime: "claude", Class: scanner.ClassDirectLiteral, Verdict: scanner.VerdictRed, Family: ".", Message: "`claude` launched directly"},
		{File: "b.sh", Line: 2, Column: 1, Runtime: "claude", Class: scanner.ClassDirectLiteral, Verdict: scanner.VerdictGated, Family: ".", Message: "claude launched through launch-runtime"},
		{File: "gone.sh", Line: 1, Column: 1, Runtime: "claude", Class: scanner.ClassDirectLiteral, Verdict: scanner.VerdictRed, Family: ".", Message: "`claude` launched directly"},
	}
	r.Recount()
	read := func(f string) ([]byte, error) {
		if s, ok := src[f]; ok {
			return []byte(s), nil
		}
		return nil, errors.New("no such file")
	}
	return r, read
}

// TestWriteTextSourceAndHints: a RED finding shows its source line with a
// caret under the column; the first finding of each class carries the
// hint to `explain`, later ones do not; GATED findings and files that
// cannot be read show no excerpt.
func TestWriteTextSourceAndHints(t *testing.T) {
	r, read := textReport()
	var buf bytes.Buffer
	require.NoError(t, WriteText(&buf, r, TextOptions{Read: read}))
	want := "a.sh:2:1: `claude` launched directly [RED:direct-literal]\n" +
		"  2 | claude -p x\n" +
		"    | ^\n" +
		"  hint: `check-launches explain direct-literal` says why this fails and how to fix it\n" +
		"a.sh:3:3: eval [RED:eval]\n" +
		"  3 |   eval \"$cmd\"\n" +
		"    |   ^\n" +
		"  hint: `check-launches explain eval` says why this fails and how to fix it\n" +
		"a.sh:4:1: `claude` launched directly [RED:direct-literal]\n" +
		"  4 | claude -p y\n" +
		"    | ^\n" +
		"b.sh:2:1: claude launched through launch-runtime [GATED]\n" +
		"gone.sh:1:1: `claude` launched directly [RED:direct-literal]\n" +
		"\n" +
		"inventory of launches:\n" +
		"  family  gated / launches\n" +
		"  .       1 / 5\n" +
		"\n" +
		"FAIL: 1 / 5 launches gated, 4 RED, 1 file scanned\n"
	assert.Equal(t, want, buf.String())
	assert.NotContains(t, buf.String(), "\x1b[", "no colour unless asked")
}

// TestWriteTextColor: with colour the location is bold, the tags and the
// caret coloured by verdict, the verdict word coloured; the words are the
// same once the escapes are removed.
func TestWriteTextColor(t *testing.T) {
	r, read := textReport()
	var plain, color bytes.Buffer
	require.NoError(t, WriteText(&plain, r, TextOptions{Read: read}))
	require.NoError(t, WriteText(&color, r, TextOptions{Read: read, Color: true}))
	out := color.String()
	assert.Contains(t, out, ansiBold+"a.sh:2:1:"+ansiReset+" `claude` launched directly "+ansiRed+"[RED:direct-literal]"+ansiReset+"\n")
	assert.Contains(t, out, ansiGreen+"[GATED]"+ansiReset)
	assert.Contains(t, out, ansiRed+"^"+ansiReset)
	assert.Contains(t, out, ansiRed+"FAIL"+ansiReset+": 1 / 5 launches gated")
	stripped := strings.NewReplacer(ansiReset, "", ansiBold, "", ansiRed, "", ansiGreen, "", ansiCyan, "", ansiDim, "").Replace(out)
	assert.Equal(t, plain.String(), stripped)
}

func TestSummaryPlurals(t *testing.T) {
	tests := []struct {
		s    Summary
		skip int
		want string
	}{
		{Summary{FilesScanned: 1, Launches: 1, Gated: 1}, 0, "ok: 1 / 1 launch gated, 0 RED, 1 file scanned"},
		{Summary{FilesScanned: 2, Launches: 2, Gated: 1, Red: 1}, 1, "FAIL: 1 / 2 launches gated, 1 RED, 2 files scanned, 1 skipped"},
		{Summary{FilesScanned: 0}, 0, "ok: 0 / 0 launches gated, 0 RED, 0 files scanned"},
		{Summary{FilesScanned: 3, Notes: 1}, 0, "ok: 0 / 0 launches gated, 0 RED, 1 note, 3 files scanned"},
	}
	for _, tt := range tests {
		r := &Report{Summary: tt.s, Skipped: make([]Skip, tt.skip)}
		assert.Equal(t, tt.want, r.SummaryLine())
	}
	r := &Report{Summary: Summary{FilesScanned: 1}, Waivers: &Waivers{Baseline: "b.json", Stale: []Ref{{}}}}
	assert.Contains(t, r.SummaryLine(), "1 stale baseline entry)")
}

// FuzzExcerpt: any line and column give a bounded excerpt with no control
// character and a caret line of blanks then one caret, inside the text.
func FuzzExcerpt(f *testing.F) {
	f.Add("claude -p x", 1)
	f.Add("\tx\x1b[2Jy", 3)
	f.Add(strings.Repeat("é", 300), 200)
	f.Add("\xff\xfe", 2)
	f.Fuzz(func(t *testing.T, line string, col int) {
		text, caret := excerpt(line, col)
		for _, r := range text {
			if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
				t.Fatalf("control character %U in %q", r, text)
			}
		}
		if strings.TrimLeft(caret, " ") != "^" {
			t.Fatalf("caret line %q", caret)
		}
		n := utf8.RuneCountInString(text)
		if len(caret)-1 > n {
			t.Fatalf("caret at %d past the text (%d runes)", len(caret)-1, n)
		}
		if n > maxSourceWidth+2*sourceContext+2 {
			t.Fatalf("excerpt of %d runes", n)
		}
	})
}

// TestMarkdownShowsConfigWarnings: the job summary carries the config
// warnings, which a reader of the job page would otherwise find only in
// the log.
func TestMarkdownShowsConfigWarnings(t *testing.T) {
	r, _ := textReport()
	var buf bytes.Buffer
	require.NoError(t, WriteMarkdown(&buf, r))
	assert.NotContains(t, buf.String(), "config warning")
	r.Warnings = []Warning{{File: ".check-launches.yaml", Line: 2, Column: 3, Message: "runtimes.claude replaces the built-in runtime"}}
	buf.Reset()
	require.NoError(t, WriteMarkdown(&buf, r))
	assert.Contains(t, buf.String(), "- ⚠️ config warning: `.check-launches.yaml:2:3`: runtimes.claude replaces the built-in runtime\n")
}
