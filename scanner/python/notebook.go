package python

import (
	"bytes"
	"encoding/json"
	"io"
	"regexp"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// A Jupyter notebook (.ipynb) is JSON whose code cells are Python that
// papermill, nbconvert --execute or jupyter execute run (review 23's
// 115). The detector reads its code cells as one Python module: each
// line of a cell is put on the notebook's line of the source string it
// starts in, so a finding is reported on that line (its column is the
// column in the cell's line); a cell whose source is one string, or
// several strings on one line, has its lines from that line on, each on
// the next line. IPython's shell escapes are shell text: a line `!cmd`
// (`!!cmd`, `files = !cmd`, `%sx cmd`, `%system cmd`) and a cell under
// `%%bash`, `%%sh`, `%%zsh`, `%%script bash` (sh, zsh) or `%%sx`/
// `%%system`; other magics are comments, except `%%time`, `%%timeit`,
// `%%capture`, `%%prun`, `%%python` and `%%script python`, whose cell is
// Python.

// isNotebook reports whether path names a Jupyter notebook.
func isNotebook(path string) bool {
	return strings.HasSuffix(strings.ToLower(path), ".ipynb")
}

// piece is a source string of a cell and its line.
type piece struct {
	text string
	line int
}

// notebookShell is shell text a notebook runs, at its position.
type notebookShell struct {
	text string
	at   scanner.Pos
}

// notebookPass turns p, a notebook's pass, into a pass over its code
// cells as Python (notebookSource): p.Src is replaced and the triggers
// read again; the shell text its magics run is returned. A pass already
// turned is left alone.
func notebookPass(p *scanner.Pass) (shells, data []notebookShell) {
	if !isNotebook(p.Path) || !bytes.HasPrefix(bytes.TrimLeft(p.Src, " \t\r\n\ufeff"), []byte("{")) {
		return nil, nil
	}
	src, shells, data := notebookSource(p.Src)
	p.Src = src
	if p.Config != nil {
		p.Hits = p.Config.Triggers().ScanCode(src, "python")
	}
	return shells, data
}

// cellMagicRE reads a cell magic's name and its first argument.
var (
	cellMagicRE  = regexp.MustCompile(`^%%([A-Za-z_!]+)\s*(\S*)`)
	assignBangRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_, ]*=\s*!`)
	lineMagicRE  = regexp.MustCompile(`^%(sx|system|sh)\b`)
)

// maxNotebookCells bounds the cells read; past it the rest of the
// notebook is not Python the detector reads, which a syntax error at its
// end reports (a notebook of 4,096 cells is rare).
const maxNotebookCells = 4096

// notebookSource is the Python text of notebook src, line-aligned with
// it, and the shell text its magics run. src that is not a notebook's
// JSON gives what was read of it.
func notebookSource(src []byte) (py []byte, shells, data []notebookShell) {
	lines := make([]string, bytes.Count(src, []byte("\n"))+1)
	last := 0 // the last line a cell's line was put on
	put := func(line int, s string) int {
		if line <= last {
			line = last + 1
		}
		for len(lines) < line {
			lines = append(lines, "")
		}
		lines[line-1] = s
		last = line
		return line
	}
	emit := func(pieces []piece) {
		// the cell's text, each logical line at the line of the piece
		// it starts in
		type cline struct {
			text string
			line int
		}
		var cls []cline
		cur, start, open := "", 0, false
		for _, pc := range pieces {
			rest := pc.text
			for rest != "" {
				if !open {
					start, open = pc.line, true
				}
				i := strings.IndexByte(rest, '\n')
				if i < 0 {
					cur += rest
					break
				}
				cur += rest[:i]
				cls = append(cls, cline{strings.TrimSuffix(cur, "\r"), start})
				cur, open, rest = "", false, rest[i+1:]
			}
		}
		if open {
			cls = append(cls, cline{cur, start})
		}
		if len(cls) == 0 {
			return
		}
		first := strings.TrimSpace(cls[0].text)
		if m := cellMagicRE.FindStringSubmatch(first); m != nil {
			if (m[1] == "script" || m[1] == "python" || m[1] == "python3") && (m[1] != "script" || isPythonInterpreter(baseOf(m[2]))) {
				m[1] = "time" // %%script python3, %%python: the cell is Python
			}
			switch m[1] {
			case "time", "timeit", "capture", "prun":
				put(cls[0].line, "#"+cls[0].text)
				cls = cls[1:]
			case "bash", "sh", "zsh", "sx", "system", "!", "script":
				if m[1] == "script" && !scanner.IsShellInterpreter(baseOf(m[2])) {
					for _, c := range cls {
						put(c.line, "#"+c.text)
					}
					data = append(data, cellData(pieces))
					return
				}
				var sb strings.Builder
				at := 0
				for i, c := range cls {
					l := put(c.line, "#"+c.text)
					if i == 0 {
						continue
					}
					if at == 0 {
						at = l
					}
					sb.WriteString(c.text)
					sb.WriteByte('\n')
				}
				if at > 0 {
					shells = append(shells, notebookShell{sb.String(), scanner.Pos{Line: at, Column: 1}})
				}
				return
			default:
				for _, c := range cls {
					put(c.line, "#"+c.text)
				}
				data = append(data, cellData(pieces))
				return
			}
		}
		for _, c := range cls {
			body := strings.TrimLeft(c.text, " \t")
			indent := len(c.text) - len(body)
			switch {
			case strings.HasPrefix(body, "!"):
				cmd := strings.TrimPrefix(strings.TrimPrefix(body, "!"), "!")
				l := put(c.line, c.text[:indent]+"#"+body[1:])
				shells = append(shells, notebookShell{cmd, scanner.Pos{Line: l, Column: indent + 1 + len(body) - len(cmd)}})
			case assignBangRE.MatchString(body):
				i := strings.IndexByte(body, '!')
				l := put(c.line, c.text[:indent]+"#"+body[1:])
				shells = append(shells, notebookShell{body[i+1:], scanner.Pos{Line: l, Column: indent + i + 2}})
			case strings.HasPrefix(body, "%"):
				l := put(c.line, c.text[:indent]+"#"+body[1:])
				if m := lineMagicRE.FindStringIndex(body); m != nil {
					shells = append(shells, notebookShell{body[m[1]:], scanner.Pos{Line: l, Column: indent + m[1] + 1}})
				}
			default:
				put(c.line, c.text)
			}
		}
	}

	// A walk of the JSON tokens: a cell is an object in an array under
	// the key "cells" (nbformat 4; under "worksheets" in 3), its source
	// the key "source" ("input" in 3), a string or a list of strings.
	dec := json.NewDecoder(bytes.NewReader(src))
	type frame struct {
		obj      bool
		key      string
		wantKey  bool
		cell     bool // an object that is a cell
		cellList bool // an array under "cells"
	}
	var stack []frame
	var cellType string
	var pieces []piece
	inSource := false
	lineAt, lineOff := 1, 0
	lineOf := func(off int) int {
		for off < len(src) && (src[off] == ' ' || src[off] == '\t' || src[off] == '\r' || src[off] == '\n' || src[off] == ',' || src[off] == ':') {
			off++
		}
		if off > len(src) {
			off = len(src)
		}
		lineAt += bytes.Count(src[lineOff:off], []byte("\n"))
		lineOff = off
		return lineAt
	}
	cells := 0
	for {
		before := int(dec.InputOffset())
		tok, err := dec.Token()
		if err == io.EOF || err != nil {
			break
		}
		var parent *frame
		if len(stack) > 0 {
			parent = &stack[len(stack)-1]
		}
		// the key this value sits under, when its parent is an object
		key := ""
		if parent != nil && parent.obj {
			if s, ok := tok.(string); ok && parent.wantKey {
				parent.key, parent.wantKey = s, false
				continue
			}
			key = parent.key
		}
		valueDone := func() {
			if parent != nil && parent.obj {
				parent.wantKey = true
			}
		}
		switch d := tok.(type) {
		case json.Delim:
			switch d {
			case '{':
				isCell := parent != nil && parent.cellList
				if isCell {
					cells++
					cellType, pieces = "", nil
				}
				stack = append(stack, frame{obj: true, wantKey: true, cell: isCell && cells <= maxNotebookCells})
			case '[':
				stack = append(stack, frame{cellList: key == "cells"})
				inSource = parent != nil && parent.cell && (key == "source" || key == "input")
			case '}', ']':
				top := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if top.cell && cellType == "code" {
					emit(pieces)
				} else if top.cell && len(pieces) > 0 {
					data = append(data, cellData(pieces))
				}
				if d == ']' {
					inSource = false
				}
				if len(stack) > 0 && stack[len(stack)-1].obj {
					stack[len(stack)-1].wantKey = true
				}
			}
		case string:
			switch {
			case inSource && parent != nil && !parent.obj:
				pieces = append(pieces, piece{d, lineOf(before)})
			case parent != nil && parent.cell && (key == "source" || key == "input"):
				pieces = append(pieces, piece{d, lineOf(before)})
			case parent != nil && parent.cell && key == "cell_type":
				cellType = d
			}
			valueDone()
		default:
			valueDone()
		}
	}
	return []byte(strings.Join(lines, "\n")), shells, data
}

// cellData is the text of a cell no language reads (markdown, raw, a
// `%%writefile` cell), at its first source string: the driver searched
// an unclaimed notebook for the permission-bypass primitive, so its
// cells are still searched.
func cellData(pieces []piece) notebookShell {
	var sb strings.Builder
	for _, p := range pieces {
		sb.WriteString(p.text)
	}
	return notebookShell{sb.String(), scanner.Pos{Line: pieces[0].line, Column: 1}}
}

// baseOf is the last element of a path.
func baseOf(s string) string {
	if i := strings.LastIndexByte(s, '/'); i >= 0 {
		return s[i+1:]
	}
	return s
}
