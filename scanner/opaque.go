package scanner

import (
	"bytes"
	"path"

	"github.com/leasegate/leasegate/cmdline"
)

// maxOpaque bounds the places a pass records where a program the analysis
// cannot name is run (OpaqueSites); past it the first ones stand for all.
const maxOpaque = 64

// Opaque reports whether argv runs a program the analysis cannot name:
// when lost (the detector lost track of the command's value,
// Command.Lost), a reading of it ends at an unknown command word or at an
// interpreter given an unknown script; when stdin (the detector does not
// follow what the code writes, Command.Stdin), a reading ends at a shell
// that reads its script from standard input (`spawn("bash")`, then
// `stdin.write(...)`), or at an interpreter given a script file the code
// may have written (`writeFileSync("/tmp/run.sh", ...)`, then
// `spawn("sh", ["/tmp/run.sh"])`). A script of the repository is judged
// by its own summary besides (ScriptsToJudge).
func (c *Config) Opaque(argv []Arg, lost, stdin bool) bool {
	if len(argv) == 0 || !lost && !stdin {
		return false
	}
	res := cmdline.UnwrapDepth(Words(argv), maxWrapperDepth)
	for _, in := range res.Inners {
		switch in.Kind {
		case cmdline.KindArgv:
			if in.Start >= len(argv) {
				continue
			}
			if lost && !argv[in.Start].Known {
				return true
			}
			// a shell script run by its path, which the code may have
			// written (`execFileSync("/tmp/run.sh")`)
			if a := argv[in.Start]; stdin && a.Known && shellScriptExts[path.Ext(a.Value)] {
				return true
			}
		case cmdline.KindScript, cmdline.KindNone:
			// an unknown script, or one the file may have written
			if in.Kind == cmdline.KindNone && !in.ShellScript || in.Start <= 0 || in.Start >= len(argv) {
				continue
			}
			if lost && !argv[in.Start].Known || stdin && argv[in.Start].Known {
				return true
			}
		case cmdline.KindStdin:
			if stdin {
				return true
			}
		}
	}
	return false
}

// NoteOpaque records that the file runs, at at, a program the analysis
// cannot name, through a value it lost track of (Command.Lost): a
// callback's parameter, `arguments`, a caught value, a process API handed
// on as a value (OpaqueSites).
func (p *Pass) NoteOpaque(at Pos) {
	if len(p.opaque) < maxOpaque && !p.Chokepoint {
		p.opaque = append(p.opaque, at)
	}
}

// NoteLostProgram records where a shell text runs a program whose name
// it cannot read (`$AGENT -p x` with AGENT set nowhere it reads): a data
// file that names a runtime as a value judges it (LostPrograms).
func (p *Pass) NoteLostProgram(at Pos) {
	if len(p.lost) < maxOpaque {
		p.lost = append(p.lost, at)
	}
}

// LostPrograms lists the places NoteLostProgram recorded (at most
// maxOpaque).
func (p *Pass) LostPrograms() []Pos { return p.lost }

// OpaqueSites lists where the file runs a program the analysis cannot
// name, in the order they were judged (at most maxOpaque).
func (p *Pass) OpaqueSites() []Pos { return p.opaque }

// Naming is a place where a file names a runtime as a command could be
// written: the runtime and the text that names it.
type Naming struct {
	Runtime, Text string
	At            Pos
}

// NamedAsCommand finds the first place src names a runtime as a command
// could be written, outside the lines skip rejects (an inert marker's):
// a runtime's command as a whole word right after a quote, a slash or an
// `=`, and before a quote, a blank, `;`, `,`, `)` or the line's end
// (`"claude"`, `'claude -p'`, `"/usr/local/bin/pi"`, `BIN=claude`); or a
// runtime's npm package anywhere. A later word of a string (`"npx
// claude"`, prose) is not read: the analysis follows such strings where
// they are run. Neither is a literal that is only compared, a key or a
// module's name (inertLiteral). Case counts, as it does for a
// command: `"Claude is thinking"` names nothing. A line whose first
// non-blank bytes open a comment (`//`, `#`, `/*`, `*`) is not read.
func (c *Config) NamedAsCommand(src []byte, skip func(line []byte) bool) (Naming, bool) {
	return c.namedAs(src, skip, false)
}

// NamedAsValue is NamedAsCommand for a string literal that is the whole
// command and nothing else (`"claude"`, `'/opt/bin/pi'`), the value a
// module hands another to run: a literal with more words (`"claude
// finished"`, `'claude -p'`) and a package's name are not read. The
// repository phase judges with it a program one module loses with what
// another names (docs/repository.md).
func (c *Config) NamedAsValue(src []byte, skip func(line []byte) bool) (Naming, bool) {
	return c.namedAs(src, skip, true)
}

func (c *Config) namedAs(src []byte, skip func(line []byte) bool, whole bool) (Naming, bool) {
	best := Naming{}
	bestOff := -1
	consider := func(off int, rt, text string) {
		if bestOff >= 0 && off >= bestOff {
			return
		}
		line := lineAt(src, off)
		if commentLine(line) || skip != nil && skip(line) {
			return
		}
		bestOff, best = off, Naming{Runtime: rt, Text: text}
	}
	// find considers each place text occurs where ok says it may name
	// rt, up to the best place so far
	find := func(text, rt string, ok func(off int) bool) {
		for from := 0; from < len(src); {
			i := bytes.Index(src[from:], []byte(text))
			if i < 0 {
				return
			}
			off := from + i
			from = off + len(text)
			if bestOff >= 0 && off >= bestOff {
				return
			}
			if !ok(off) || inertLiteral(src, off, len(text)) {
				continue
			}
			consider(off, rt, text)
			if bestOff == off {
				return
			}
		}
	}
	for pkg, rt := range c.packages {
		if whole {
			// a package's name is data (`pkg.name || "@…/pi-coding-agent"`,
			// a symbol's key): a package runner's word runs it, which
			// a literal of more words holds
			break
		}
		find(pkg, rt, func(int) bool { return true })
	}
	for cmd, rt := range c.commands {
		find(cmd, rt, func(off int) bool {
			return commandWordAt(src, off, len(cmd)) && (!whole || wholeLiteralAt(src, off, len(cmd)))
		})
	}
	if bestOff < 0 {
		return Naming{}, false
	}
	best.At = Pos{Line: 1, Column: 1}.Offset(string(src[:bestOff]), bestOff)
	return best, true
}

// commandWordAt reports whether the n bytes at off stand as a command
// word could (NamedAsCommand).
func commandWordAt(src []byte, off, n int) bool {
	if end := off + n; end < len(src) {
		switch src[end] {
		case '"', '\'', '`', ' ', '\t', '\r', '\n', ';', ',', ')':
		default:
			return false
		}
	}
	if off == 0 {
		return false
	}
	switch src[off-1] {
	case '"', '\'', '`', '/', '=':
		return true
	case 'n', 't', 'r':
		// after an escape in a string ("#!/bin/sh\nclaude -p")
		return off >= 2 && src[off-2] == '\\'
	}
	return false
}

// wholeLiteralAt reports whether the n bytes at off end a string
// literal that holds one word: a quote follows them, and the bytes
// before them back to the opening quote of the same kind hold no blank
// (`"claude"`, `"/usr/local/bin/claude"`).
func wholeLiteralAt(src []byte, off, n int) bool {
	end := off + n
	if end >= len(src) {
		return false
	}
	q := src[end]
	if q != '"' && q != '\'' && q != '`' {
		return false
	}
	for i := off - 1; i >= 0 && off-i <= 4096; i-- {
		switch src[i] {
		case q:
			return true
		case ' ', '\t', '\n', '\r', '"', '\'', '`':
			return false
		}
	}
	return false
}

// lineAt is the line of src that holds offset off, without its newline.
func lineAt(src []byte, off int) []byte {
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	end := bytes.IndexByte(src[off:], '\n')
	if end < 0 {
		return src[start:]
	}
	return src[start : off+end]
}

// commentLine reports whether line's first non-blank bytes open a comment.
func commentLine(line []byte) bool {
	t := bytes.TrimLeft(line, " \t")
	return bytes.HasPrefix(t, []byte("//")) || bytes.HasPrefix(t, []byte("#")) || bytes.HasPrefix(t, []byte("/*")) || bytes.HasPrefix(t, []byte("*"))
}

// inertLiteral reports whether the string literal that holds the n bytes
// at off is only compared, a key or a module's name, so that it cannot be
// what a command runs (`source === "pi"`, `case "claude":`,
// `{"claude": ...}`, `from "@anthropic-ai/claude-code"`,
// `require("...")`, `"claude" in argv`): the bytes before its opening
// quote and after its
// closing quote, on its lines, say so.
func inertLiteral(src []byte, off, n int) bool {
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	open := -1
	for i := off - 1; i >= start; i-- {
		if c := src[i]; c == '"' || c == '\'' || c == '`' {
			open = i
			break
		}
	}
	if open < 0 {
		return false // not inside a literal on this line: a shell word
	}
	q := src[open]
	end := bytes.IndexByte(src[off+n:], q)
	if end < 0 {
		return false
	}
	closeAt := off + n + end
	before := bytes.TrimRight(src[:open], " \t")
	after := bytes.TrimLeft(src[closeAt+1:], " \t")
	for _, op := range []string{"===", "!==", "==", "!="} {
		if bytes.HasSuffix(before, []byte(op)) || bytes.HasPrefix(after, []byte(op)) {
			return true
		}
	}
	if inWord(after, "in") || inWord(after, "not") && inWord(bytes.TrimLeft(after[3:], " \t"), "in") {
		// the left side of a membership test (`"claude" in argv`, `not
		// in`): a truth value, never a command
		return true
	}
	for _, kw := range []string{"case", "from", "import", "require(", "import(", "resolve("} {
		if bytes.HasSuffix(before, []byte(kw)) {
			return true
		}
	}
	if attributeName(src[start:open]) {
		return true
	}
	if bytes.HasPrefix(after, []byte(":")) && !bytes.HasPrefix(after, []byte("::")) {
		// a key: after `{` or `,`, or first on its line after a line
		// that ends in a comment (`'pi':     0x03c0, # greek pi`); a
		// ternary's branch follows `?`
		if len(bytes.Trim(src[start:open], " \t")) == 0 {
			return true
		}
		b := bytes.TrimRight(before, " \t\r\n")
		return len(b) == 0 || b[len(b)-1] == '{' || b[len(b)-1] == ','
	}
	return false
}

// attributeFuncs take an attribute's name as their second argument.
var attributeFuncs = [][]byte{[]byte("hasattr"), []byte("getattr"), []byte("setattr"), []byte("delattr")}

// attributeName reports whether a literal that follows head on its line
// is the second argument of a function taking an attribute's name
// (`hasattr(target, 'pi')`): a name, never a command.
func attributeName(head []byte) bool {
	head = bytes.TrimRight(head, " \t")
	if !bytes.HasSuffix(head, []byte(",")) {
		return false
	}
	open := bytes.LastIndexByte(head, '(')
	if open < 0 || bytes.Count(head[open:], []byte(",")) != 1 || bytes.ContainsAny(head[open:], "()[]{}'\"") && bytes.ContainsAny(head[open+1:], "()[]{}'\"") {
		return false
	}
	for _, f := range attributeFuncs {
		if bytes.HasSuffix(head[:open], f) {
			b := head[:open]
			if i := len(b) - len(f); i == 0 || !isWordChar(b[i-1]) {
				return true
			}
		}
	}
	return false
}

// isWordChar reports whether c may be part of an identifier.
func isWordChar(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// inWord reports whether b starts with the word w, followed by a blank.
func inWord(b []byte, w string) bool {
	return len(b) > len(w) && bytes.HasPrefix(b, []byte(w)) && (b[len(w)] == ' ' || b[len(w)] == '\t')
}

// inputWrites are the ways code hands a process its standard input: a
// write to its stdin or pty, pexpect's send, communicate, an input option.
var inputWrites = [][]byte{[]byte("write("), []byte("send("), []byte("sendline("), []byte("communicate("), []byte("input="), []byte("input:"), []byte(".end("),
	[]byte("writeFile"), []byte("write_text("), []byte("write_bytes(")}

// writesInput reports whether the file may write a process's standard
// input (inputWrites): without that, a shell reading it reads what the
// file's own caller types, not a program the file holds.
func (p *Pass) writesInput() bool {
	for _, w := range inputWrites {
		if bytes.Contains(p.Src, w) {
			return true
		}
	}
	return false
}

// maxEvaluated bounds the code text ScanEvaluated reads.
const maxEvaluated = 64 << 10

// ScanShellAt scans text, which starts at textAt in the file, as shell
// that runs at at (a script the file writes, then runs): its launches are
// reported at at, naming what runs them (how); its other findings stay
// where they are in the text.
func (p *Pass) ScanShellAt(text string, textAt, at Pos, via Class, how string) {
	n0 := len(p.findings)
	p.ScanShell(text, textAt, via)
	for i := n0; i < len(p.findings); i++ {
		if f := &p.findings[i]; f.IsLaunch() {
			f.Line, f.Column = at.Line, at.Column
			f.Message += " (in " + how + ")"
		}
	}
}

// ScanEvaluated scans code the file hands its own interpreter (`eval`,
// `new Function`, `vm.runInThisContext`, Python's `exec`) as a file named
// name with the suite's detector for it, and reports the launches it
// finds at at, the call that runs it, naming how (`eval`). Other findings
// of the code (its syntax errors: code is often a fragment) are left
// out; the primitive in it is the raw search's and ReportComposite's.
func (p *Pass) ScanEvaluated(name, text string, at Pos, how string) {
	if len(text) > maxEvaluated {
		return
	}
	n0 := len(p.findings)
	p.ScanAs(name, text)
	kept := p.findings[:n0]
	for _, f := range p.findings[n0:] {
		if !f.IsLaunch() {
			continue
		}
		f.Line, f.Column = at.Line, at.Column
		f.Message += " (in the code `" + how + "` runs)"
		kept = append(kept, f)
	}
	p.findings = kept
}

// ReadsStdin reports whether a reading of argv ends at a shell that reads
// its script from standard input (`sh`, `bash -s`).
func (c *Config) ReadsStdin(argv []Arg) bool {
	if len(argv) == 0 {
		return false
	}
	for _, in := range cmdline.UnwrapDepth(Words(argv), maxWrapperDepth).Inners {
		if in.Kind == cmdline.KindStdin {
			return true
		}
	}
	return false
}

// shellScriptExts are the extensions of shell scripts run by their path.
var shellScriptExts = map[string]bool{".sh": true, ".bash": true, ".zsh": true, ".command": true}
