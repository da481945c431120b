package report

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/leasegate/leasegate/scanner"
)

// TextOptions shape the text report.
type TextOptions struct {
	// Color wraps the location, the tags, the caret and the verdict in ANSI
	// colours (for a terminal).
	Color bool
	// Read returns a file's contents by its root-relative name; when set,
	// each failing RED finding is followed by its source line with a caret
	// under the column. A file it cannot read shows no source line.
	Read func(file string) ([]byte, error)
}

// ANSI styles of the text report.
const (
	ansiReset = "\x1b[0m"
	ansiBold  = "\x1b[1m"
	ansiRed   = "\x1b[1;31m"
	ansiGreen = "\x1b[32m"
	ansiCyan  = "\x1b[36m"
	ansiDim   = "\x1b[2m"
)

// painter applies ANSI styles when colour is on, and nothing otherwise.
type painter bool

func (p painter) paint(style, s string) string {
	if !p || s == "" {
		return s
	}
	return style + s + ansiReset
}

// tagStyle is the colour of a finding's tag.
func tagStyle(v scanner.Verdict) string {
	switch v {
	case scanner.VerdictRed:
		return ansiRed
	case scanner.VerdictGated:
		return ansiGreen
	}
	return ansiCyan
}

// findingLine is `path:line:col: message [TAG]`.
func (p painter) findingLine(f scanner.Finding) string {
	return fmt.Sprintf("%s %s %s", p.paint(ansiBold, fmt.Sprintf("%s:%d:%d:", f.File, f.Line, f.Column)), f.Message,
		p.paint(tagStyle(f.Verdict), "["+f.Tag()+"]"))
}

// Bounds of the source excerpt under a finding: a line longer than
// maxSourceWidth shows a window of sourceContext characters on each side
// of the column.
const (
	maxSourceWidth = 160
	sourceContext  = 60
	tabWidth       = 4
)

// sourceCache reads each file once for the excerpts.
type sourceCache struct {
	read  func(string) ([]byte, error)
	file  string
	lines []string
}

func (c *sourceCache) line(file string, n int) (string, bool) {
	if c.read == nil {
		return "", false
	}
	if file != c.file {
		c.file, c.lines = file, nil
		if src, err := c.read(file); err == nil {
			c.lines = strings.Split(string(src), "\n")
		}
	}
	if n < 1 || n > len(c.lines) {
		return "", false
	}
	return strings.TrimSuffix(c.lines[n-1], "\r"), true
}

// excerpt renders a source line and a caret line under byte column col
// (1-based): tabs become spaces, control characters and invalid UTF-8
// become `?` (a scanned file must not drive the reader's terminal), and a
// long line is cut to a window around the column, marked with `…`.
func excerpt(line string, col int) (text, caret string) {
	col = max(1, min(col, len(line)+1))
	var b strings.Builder
	caretAt := -1
	width := 0
	for i := 0; i < len(line); {
		if i == col-1 {
			caretAt = width
		}
		r, size := utf8.DecodeRuneInString(line[i:])
		switch {
		case r == '\t':
			b.WriteString(strings.Repeat(" ", tabWidth))
			width += tabWidth
		case r == utf8.RuneError && size <= 1, r < 0x20, r == 0x7f, r >= 0x80 && r < 0xa0, r == 0x2028, r == 0x2029,
			r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
			b.WriteByte('?')
			width++
		default:
			b.WriteString(line[i : i+size])
			width++
		}
		i += size
	}
	if caretAt < 0 {
		caretAt = width // the column is past the end, or inside a rune
	}
	text = b.String()
	if width <= maxSourceWidth {
		return text, strings.Repeat(" ", caretAt) + "^"
	}
	// Cut to [from, to) in display columns (one rune each in text).
	from := max(0, caretAt-sourceContext)
	to := min(width, caretAt+sourceContext)
	runes := []rune(text)
	cut := string(runes[from:to])
	pad := caretAt - from
	if from > 0 {
		cut = "…" + cut
		pad++
	}
	if to < width {
		cut += "…"
	}
	return cut, strings.Repeat(" ", pad) + "^"
}
