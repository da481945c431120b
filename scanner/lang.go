package scanner

import (
	"bytes"
	"path"
	"strings"
)

// File is what a detector sees when deciding whether a file is its own.
type File struct {
	Rel  string // root-relative, slash-separated
	Base string // last path element
	Ext  string // lower-case extension with the dot, "" when none
	Head []byte // the first bytes of the file (up to 1 KiB)
	Exec bool   // any executable bit is set
}

// NewFile builds a File from a root-relative path and the file's first bytes.
func NewFile(rel string, head []byte, exec bool) *File {
	base := path.Base(rel)
	return &File{Rel: rel, Base: base, Ext: strings.ToLower(path.Ext(base)), Head: head, Exec: exec}
}

// Interpreter returns the program named by the file's shebang line
// (`#!/bin/bash` → "bash", `#!/usr/bin/env -S python3 -u` → "python3"), or
// "" when there is none.
func (f *File) Interpreter() string { return Interpreter(f.Head) }

// Interpreter parses a shebang line at the start of head.
func Interpreter(head []byte) string {
	if !bytes.HasPrefix(head, []byte("#!")) {
		return ""
	}
	line := head[2:]
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	fields := strings.Fields(strings.TrimSpace(string(line)))
	if len(fields) == 0 {
		return ""
	}
	prog, rest := baseName(fields[0]), fields[1:]
	// s6-overlay's with-contenv runs the interpreter after it with the
	// container's environment (#!/command/with-contenv bash).
	if prog == "env" || prog == "with-contenv" {
		prog = ""
		for i, f := range rest {
			if strings.HasPrefix(f, "-") || isAssignment(f) {
				continue
			}
			prog, rest = baseName(f), rest[i+1:]
			break
		}
	}
	// A package runner in the shebang (`env -S npx tsx`, `bunx tsx`,
	// `pnpm dlx tsx`) runs the interpreter it names.
	switch prog {
	case "pnpm", "yarn":
		if len(rest) == 0 || rest[0] != "dlx" && rest[0] != "exec" {
			return prog
		}
		rest = rest[1:]
	case "npx", "bunx", "pnpx":
	default:
		return prog
	}
	for _, f := range rest {
		if !strings.HasPrefix(f, "-") {
			return baseName(f)
		}
	}
	return prog
}

// IsShellInterpreter reports whether a shebang program is a POSIX-family
// shell.
func IsShellInterpreter(p string) bool {
	switch p {
	case "sh", "bash", "dash", "ksh", "mksh", "zsh", "ash", "yash", "rbash", "bats":
		return true
	}
	return false
}

// MaxFileSize is the largest file scanned; the driver lists larger files
// as skipped with the reason, and a detector that reads a file's siblings
// leaves them out.
const MaxFileSize = 32 << 20

// proseExts are the extensions of prose: Markdown, reStructuredText,
// AsciiDoc and plain text. MDX is not among them: it compiles to
// JavaScript and may run code.
var proseExts = map[string]bool{
	".md": true, ".markdown": true, ".mdown": true, ".mkd": true,
	".rst": true, ".adoc": true, ".asciidoc": true,
	".txt": true, ".text": true,
}

// IsProse reports whether a file is prose, which runs nothing: a Markdown,
// reStructuredText, AsciiDoc or plain-text file by its extension. A file
// that something may run is not prose whatever its name: one with a
// shebang or an executable bit (a shell runs an executable text file that
// has no shebang), CMakeLists.txt, which is CMake code, a Markdown file a
// task runner executes (maskfile.md runs its code blocks), and every file
// an agent runtime loads from its own folders (.claude/ and .pi/: commands,
// skills and agents, whose `!` lines Claude Code runs as Bash).
func IsProse(f *File) bool {
	if !proseExts[f.Ext] || f.Exec || bytes.HasPrefix(f.Head, []byte("#!")) {
		return false
	}
	if strings.EqualFold(f.Base, "CMakeLists.txt") || strings.EqualFold(f.Base, "maskfile.md") {
		return false
	}
	for _, dir := range strings.Split(path.Dir(f.Rel), "/") {
		if dir == ".claude" || dir == ".pi" {
			return false
		}
	}
	return true
}
