package scanner

import (
	"bytes"
	"fmt"
	"strings"
)

// Scripts written by code (`open("bin/review", "w").write("#!/bin/sh\n
// exec claude -p \"$@\"\n")`, `fs.writeFileSync(".cache/agent.sh",
// text)`, `os.WriteFile(p, []byte(wrapper), 0o755)`): the text is a
// program whoever runs it, so it is read where it is written, as the
// shell's `echo`, `printf` and here-documents into a file are
// (docs/shell.md, "Wrappers by any writer").

// MayWriteScript reports whether src may write a shell script: it
// calls a write function and a string of it starts with a `#!` line
// naming a shell (`"#!/bin/sh\n...`). Whether the script names a
// runtime is left to the reading: its name may be built
// (`["cla", "ude"].join("")`).
func (p *Pass) MayWriteScript() bool {
	src := p.Src
	if !bytes.Contains(src, []byte("#!")) || !bytes.Contains(src, []byte("rite")) {
		return false
	}
	for off, n := 0, 0; n < maxQuotedScan; n++ {
		i := bytes.Index(src[off:], []byte("#!"))
		if i < 0 {
			return false
		}
		i += off
		off = i + 2
		if i == 0 || !strings.ContainsRune("\"'`", rune(src[i-1])) {
			continue
		}
		head := src[i:min(len(src), i+64)]
		if j := bytes.IndexAny(head, "\\\n\"'`"); j > 0 {
			head = head[:j]
		}
		if IsShellInterpreter(Interpreter(head)) {
			return true
		}
	}
	return false
}

// maxWritten bounds the text of one written script that is read.
const maxWritten = 64 << 10

// ScanWritten reads text, a value code writes to a file at at, as the
// script it is when it starts with a `#!` line naming a shell: its
// launches are reported at at, class eval (found in a script the code
// writes); an inert marker on the line may suppress them, as for other
// data. Other text is not read this way.
func (p *Pass) ScanWritten(text string, at Pos) {
	if !strings.HasPrefix(text, "#!") || !IsShellInterpreter(Interpreter([]byte(text))) {
		return
	}
	if len(text) > maxWritten {
		// a bound reached is reported, never silent
		p.ReportUnparseable(at, fmt.Sprintf("a shell script the code writes is longer than %d KiB; it is not read", maxWritten>>10))
		return
	}
	n0 := len(p.findings)
	p.ScanShellAt(text, at, at, ClassEval, "a script the code writes")
	// written, not run here: data an inert marker may suppress (a test's
	// fixture), unlike the call that runs it
	for i := n0; i < len(p.findings); i++ {
		p.findings[i].Data = true
	}
}

// ScanWrittenArgs is ScanWritten for each known possibility of args,
// the values a write call writes at at.
func (p *Pass) ScanWrittenArgs(args []Arg, at Pos) {
	for _, arg := range args {
		for _, x := range append([]Arg{arg}, arg.Alts...) {
			if x.Known {
				p.ScanWritten(x.Value, at)
			}
		}
	}
}
