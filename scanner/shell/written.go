package shell

import (
	"path"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/leasegate/leasegate/cmdline"
	"github.com/leasegate/leasegate/scanner"
)

// Scripts the text writes from a here-document and then runs
// (docs/shell.md): `cat > /tmp/job.sh <<'EOF' ... EOF` (also `>>`,
// `tee FILE <<EOF`), then `sh /tmp/job.sh` or `/tmp/job.sh`. The
// here-document is the script's text: it is scanned where it is run,
// its launches reported at the run. So is a file written by echo or
// printf of literal words (`echo "claude -p x" > run.sh`, then
// `./run.sh`). A script written but never run by its path is data,
// unless its first line names a shell (`#!/bin/sh`) and it is written to
// be run, into a `bin` folder or made executable by the text (`chmod
// +x`): run under any name (`cat > /usr/local/bin/bot <<EOF`, then
// `bot`), it is scanned where it is written (unwritten).

// maxWritten bounds the files one text is read to write from
// here-documents.
const maxWritten = 64

// collectWritten records, in text that holds a here-document, the files
// its commands write from one: the path as written (a literal) to the
// here-document's redirection.
func (s *scan) collectWritten(f *syntax.File) {
	if !strings.Contains(s.src, "<<") && !strings.Contains(s.src, ">") && !strings.Contains(s.src, "tee") {
		return
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		if len(s.written)+len(s.writtenEcho) >= maxWritten {
			return false
		}
		if b, ok := n.(*syntax.BinaryCmd); ok && b.Op == syntax.Pipe {
			s.pipeWrite(b)
			return true
		}
		st, ok := n.(*syntax.Stmt)
		if !ok {
			return true
		}
		c, ok := st.Cmd.(*syntax.CallExpr)
		if !ok || len(c.Args) == 0 {
			return true
		}
		if text, ok := echoed(c); ok {
			s.writeEcho(st, text, nil)
			return true
		}
		for _, r := range st.Redirs {
			// `tee FILE <<< "text"`, `cat > FILE <<< "text"`: a
			// here-string's text written
			if r.Op != syntax.WordHdoc || r.Word == nil {
				continue
			}
			if k := writerAt(c); k >= 0 {
				var files []string
				if path.Base(c.Args[k].Lit()) == "tee" {
					files = teeFiles(c.Args[k+1:])
				}
				s.writeEcho(st, hereText(s.nodeText(r.Word)), files)
			}
			return true
		}
		var hdoc *syntax.Redirect
		for _, r := range st.Redirs {
			if (r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc) && r.Hdoc != nil {
				hdoc = r
			}
		}
		if hdoc == nil {
			return true
		}
		var files []string
		k := writerAt(c)
		switch {
		case k < 0:
		case stdinCopy(c, k):
			files = stdinDest(c, k)
		case path.Base(c.Args[k].Lit()) == "cat":
			for _, r := range st.Redirs {
				if r.Op == syntax.RdrOut || r.Op == syntax.AppOut || r.Op == syntax.RdrClob {
					files = append(files, litWord(r.Word))
				}
			}
		default:
			files = teeFiles(c.Args[k+1:])
		}
		if len(files) > 0 && s.toRun(st, files) {
			s.toScan = append(s.toScan, writtenScript{st: st, texts: s.hdocTexts(hdoc), at: s.synPos(hdoc.Hdoc.Pos()), files: files, rc: s.rcWrite(st, files)})
		}
		for _, f := range files {
			if f == "" {
				continue
			}
			if s.written == nil {
				s.written = map[string]*syntax.Redirect{}
			}
			s.written[path.Clean(f)] = hdoc
		}
		return true
	})
}

// hereText is the text a here-string written as word gives, its quotes
// taken off and its escapes read, a newline after it.
func hereText(word string) string {
	if len(word) >= 2 && (word[0] == '"' || word[0] == '\'') && word[len(word)-1] == word[0] {
		word = word[1 : len(word)-1]
	}
	return strings.NewReplacer(`\"`, `"`, `\$`, `$`, `\\`, `\`).Replace(word) + "\n"
}

// writerAt is the index in c's words of the command that writes files
// from its input, `cat` or `tee`, run itself or by wrappers (`sudo tee
// FILE`, `env X=1 tee -a FILE`): -1 for none.
func writerAt(c *syntax.CallExpr) int {
	if b := path.Base(c.Args[0].Lit()); b == "cat" || b == "tee" || stdinCopy(c, 0) {
		return 0
	}
	args := make([]scanner.Arg, len(c.Args))
	for i, w := range c.Args {
		l := litWord(w)
		args[i] = scanner.Arg{Value: l, Known: l != ""}
	}
	for _, in := range cmdline.UnwrapDepth(scanner.Words(args), cmdline.MaxDepth).Inners {
		if in.Kind != cmdline.KindArgv || in.Start < 0 || in.Start >= len(args) {
			continue
		}
		if b := path.Base(args[in.Start].Value); b == "cat" || b == "tee" || stdinCopy(c, in.Start) {
			return in.Start
		}
	}
	return -1
}

// stdinCopy reports whether c's words from k are `install` or `cp` of
// /dev/stdin (`install -D -m 755 /dev/stdin bin/ai <<'EOF'`): its last
// operand is written from the input (stdinDest).
func stdinCopy(c *syntax.CallExpr, k int) bool {
	if b := path.Base(c.Args[k].Lit()); b != "install" && b != "cp" {
		return false
	}
	for _, w := range c.Args[k+1:] {
		if w.Lit() == "/dev/stdin" {
			return true
		}
	}
	return false
}

// stdinDest is the file stdinCopy's command at k writes: its last
// word.
func stdinDest(c *syntax.CallExpr, k int) []string {
	if l := litWord(c.Args[len(c.Args)-1]); len(c.Args) > k+2 && l != "/dev/stdin" && !strings.HasPrefix(l, "-") {
		return []string{l}
	}
	return nil
}

// teeFiles are the files tee's words past its name name (options
// dropped).
func teeFiles(words []*syntax.Word) []string {
	var files []string
	for _, w := range words {
		if l := litWord(w); !strings.HasPrefix(l, "-") {
			files = append(files, l)
		}
	}
	return files
}

// pipeWrite records a file a pipe writes from echo or printf of literal
// words into tee (`printf '#!/bin/sh\nexec claude "$@"\n' | sudo tee
// /usr/local/bin/rv`), as writeEcho does for a redirection.
func (s *scan) pipeWrite(b *syntax.BinaryCmd) {
	x, ok := b.X.Cmd.(*syntax.CallExpr)
	if !ok {
		return
	}
	y, ok := b.Y.Cmd.(*syntax.CallExpr)
	if !ok || len(y.Args) < 2 {
		return
	}
	k := writerAt(y)
	if k < 0 || path.Base(y.Args[k].Lit()) != "tee" {
		return
	}
	text, ok := echoed(x)
	if !ok {
		return
	}
	s.writeEcho(b.Y, text, teeFiles(y.Args[k+1:]))
}

// writeEcho records a file statement st writes with echo or printf of
// text: a script whose first line names a shell is scanned here.
func (s *scan) writeEcho(st *syntax.Stmt, text string, files []string) {
	for _, r := range st.Redirs {
		if r.Op == syntax.RdrOut || r.Op == syntax.AppOut || r.Op == syntax.RdrClob {
			files = append(files, litWord(r.Word))
		}
	}
	if len(files) == 0 {
		return
	}
	if s.toRun(st, files) {
		s.toScan = append(s.toScan, writtenScript{st: st, texts: []string{text}, at: s.synPos(st.Pos()), files: files, rc: s.rcWrite(st, files)})
	}
	for _, f := range files {
		if f == "" {
			continue
		}
		if s.writtenEcho == nil {
			s.writtenEcho = map[string]string{}
		}
		s.writtenEcho[path.Clean(f)] = text
	}
}

// toRun reports whether statement st writes a file to be run: a file in
// a `bin` folder, one a `chmod` of the text names (as written, quotes
// aside), or a shell's startup file (rcFile). The files are its
// redirections' and those of files (`tee /usr/local/bin/review
// <<'SH'`).
func (s *scan) toRun(st *syntax.Stmt, files []string) bool {
	for _, name := range s.writtenNames(st, files) {
		if name == "" {
			continue
		}
		if strings.Contains(name, "/bin/") || strings.HasPrefix(name, "bin/") || rcFile(name) {
			return true
		}
		for _, line := range strings.Split(s.src, "\n") {
			if i := strings.Index(line, "chmod"); i >= 0 && strings.Contains(line[i:], name) {
				return true
			}
		}
	}
	return false
}

// writtenNames are the names of the files statement st writes, its
// redirections' (as written, quotes aside) and files.
func (s *scan) writtenNames(st *syntax.Stmt, files []string) []string {
	names := append([]string(nil), files...)
	for _, r := range st.Redirs {
		if r.Op != syntax.RdrOut && r.Op != syntax.AppOut && r.Op != syntax.RdrClob || r.Word == nil {
			continue
		}
		names = append(names, strings.Trim(s.nodeText(r.Word), `"'`))
	}
	return names
}

// rcWrite reports whether statement st writes a shell's startup file.
func (s *scan) rcWrite(st *syntax.Stmt, files []string) bool {
	for _, name := range s.writtenNames(st, files) {
		if rcFile(name) {
			return true
		}
	}
	return false
}

// rcFiles are the base names of the files a shell reads as its own
// text when it starts (bash, sh, zsh; interactive or login).
var rcFiles = map[string]bool{".bashrc": true, ".bash_profile": true, ".bash_login": true, ".bash_aliases": true, ".profile": true,
	".zshrc": true, ".zprofile": true, ".zshenv": true, ".zlogin": true, "bash.bashrc": true, "profile": true, "zshrc": true, "zprofile": true, "zshenv": true}

// rcFile reports whether name is a shell's startup file (`~/.bashrc`,
// `/etc/profile.d/agent.sh`): what is written into it runs in every
// shell that starts later, whatever its name.
func rcFile(name string) bool {
	b := path.Base(name)
	if rcFiles[b] {
		return b[0] == '.' || strings.HasPrefix(name, "/etc/")
	}
	// fish reads config.fish, conf.d/ and the functions it autoloads
	// by name (`functions/rv.fish` defines `rv`)
	return strings.Contains(name, "/etc/profile.d/") || strings.Contains(name, "/etc/bash_completion.d/") ||
		strings.Contains(name, ".config/fish/") && strings.HasSuffix(name, ".fish") || strings.Contains(name, "/etc/fish/") && strings.HasSuffix(name, ".fish")
}

// writtenScript is a file the text writes to be run (toRun): the
// statement, the texts it may write (from textAt), and the paths as
// written.
type writtenScript struct {
	st    *syntax.Stmt
	texts []string
	at    scanner.Pos
	files []string
	// rc: the file is a shell's startup file, its text the shell's
	// whatever its first line
	rc bool
}

// unwritten scans, where they are written, the scripts written to be run
// whose first line names a shell and that the text did not run by a path
// it wrote (writtenRuns scanned those there).
func (s *scan) unwritten() {
	for _, w := range s.toScan {
		ran := false
		for _, f := range w.files {
			ran = ran || f != "" && s.ran[path.Clean(f)]
		}
		if ran {
			continue
		}
		for _, t := range w.texts {
			if !w.rc && strings.HasPrefix(t, "#!") && !scanner.IsShellInterpreter(scanner.Interpreter([]byte(t))) {
				// another interpreter's script; one without a `#!` line
				// is run by the shell that execs it
				continue
			}
			// reported where it is written: the note names no line, which
			// would be the text's own inside a data file (a Dockerfile's
			// RUN)
			note := "the script written here to be run"
			if w.rc {
				note = "the lines written here into a shell's startup file"
			}
			s.p.ScanShellAt(t, w.at, s.synPos(w.st.Pos()), scanner.ClassEval, note)
		}
	}
	s.toScan = nil
}

// maxEchoWords bounds the words echoed reads.
const maxEchoWords = 64

// echoed is the text `echo` or `printf` writes, when every word is
// literal: echo's words joined by spaces and a newline, printf's format
// with its `%s` and `%b` filled by the words after it. Escapes (`\n`) are
// read as dash's echo and printf read them. ok is false for any other
// command, a word that expands something, or another printf directive.
func echoed(c *syntax.CallExpr) (string, bool) {
	if len(c.Args) < 2 || len(c.Args) > maxEchoWords {
		return "", false
	}
	var words []string
	for _, w := range c.Args[1:] {
		l := litWord(w)
		if l == "" && !emptyWord(w) {
			return "", false
		}
		words = append(words, l)
	}
	switch path.Base(litWord(c.Args[0])) {
	case "echo":
		for len(words) > 0 && (words[0] == "-e" || words[0] == "-n" || words[0] == "-E" || words[0] == "-ne" || words[0] == "-en") {
			words = words[1:]
		}
		return unescape(strings.Join(words, " ")) + "\n", true
	case "printf":
		format, rest := words[0], words[1:]
		var b strings.Builder
		for i := 0; i < len(format); i++ {
			if format[i] != '%' {
				b.WriteByte(format[i])
				continue
			}
			if i+1 >= len(format) {
				return "", false
			}
			i++
			switch format[i] {
			case '%':
				b.WriteByte('%')
			case 's', 'b':
				if len(rest) > 0 {
					b.WriteString(rest[0])
					rest = rest[1:]
				}
			default:
				return "", false
			}
		}
		return unescape(b.String()), true
	}
	return "", false
}

// emptyWord reports whether w is written as an empty string (`""`, `”`).
func emptyWord(w *syntax.Word) bool {
	if w == nil || len(w.Parts) != 1 {
		return false
	}
	switch p := w.Parts[0].(type) {
	case *syntax.SglQuoted:
		return p.Value == ""
	case *syntax.DblQuoted:
		return len(p.Parts) == 0
	}
	return false
}

// unescape reads the backslash escapes of echo and printf: `\n`, `\t`,
// `\\`, `\r`, `\a` and the like, octal (`\143`, `\0143`) and hex
// (`\x63`) bytes; any other is kept as written.
func unescape(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		switch s[i+1] {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case '\\':
			b.WriteByte('\\')
		case 'r':
			b.WriteByte('\r')
		case 'a', 'b', 'f', 'v', 'e':
			// control bytes: none names a program
		case 'x':
			// `\x63`: one or two hex digits
			n, k := 0, i+2
			for ; k < len(s) && k < i+4 && isHex(s[k]); k++ {
				n = n*16 + hexVal(s[k])
			}
			if k == i+2 {
				b.WriteByte(s[i])
				continue
			}
			b.WriteByte(byte(n))
			i = k - 1
			continue
		case '0', '1', '2', '3', '4', '5', '6', '7':
			// `\143` (printf), `\0143` (echo -e): up to three digits
			// after an optional leading 0
			k := i + 1
			if s[k] == '0' {
				k++
			}
			n, end := 0, k
			for ; end < len(s) && end < k+3 && s[end] >= '0' && s[end] <= '7'; end++ {
				n = n*8 + int(s[end]-'0')
			}
			b.WriteByte(byte(n))
			i = end - 1
			continue
		default:
			b.WriteByte(s[i])
			continue
		}
		i++
	}
	return b.String()
}

func hexVal(c byte) int {
	switch {
	case c >= 'a':
		return int(c-'a') + 10
	case c >= 'A':
		return int(c-'A') + 10
	}
	return int(c - '0')
}

// litWord is the text of a word written as one literal, quoted or not
// ("" when it expands anything).
func litWord(w *syntax.Word) string {
	if w == nil || len(w.Parts) != 1 {
		return ""
	}
	switch p := w.Parts[0].(type) {
	case *syntax.Lit:
		return p.Value
	case *syntax.SglQuoted:
		return p.Value
	case *syntax.DblQuoted:
		if len(p.Parts) == 1 {
			if l, ok := p.Parts[0].(*syntax.Lit); ok {
				return l.Value
			}
		}
	}
	return ""
}

// writtenRuns scans the scripts argv runs by path that the text wrote
// from a here-document (collectWritten): the here-document's text as the
// script, its launches reported at the run.
func (s *scan) writtenRuns(argv []scanner.Arg) {
	if len(s.written) == 0 && len(s.writtenEcho) == 0 {
		return
	}
	if k, ok := cmdline.CrontabFile(scanner.Words(argv)); ok && argv[k].Known {
		// crontab FILE: the file written is a crontab whose commands
		// cron's shell runs
		if hdoc, ok := s.written[path.Clean(argv[k].Value)]; ok {
			for _, t := range s.hdocTexts(hdoc) {
				s.p.ScanShellAt(cmdline.CrontabCommands(t), s.synPos(hdoc.Hdoc.Pos()), argv[0].Pos, scanner.ClassEval, "the crontab written at line "+strconv.Itoa(s.synPos(hdoc.Hdoc.Pos()).Line))
			}
		}
	}
	for _, r := range scriptRuns(argv) {
		if _, ok := s.writtenEcho[path.Clean(r.Spec)]; ok || s.written[path.Clean(r.Spec)] != nil {
			if s.ran == nil {
				s.ran = map[string]bool{}
			}
			s.ran[path.Clean(r.Spec)] = true
		}
		if text, ok := s.writtenEcho[path.Clean(r.Spec)]; ok {
			s.p.ScanShellAt(text, r.At, r.At, scanner.ClassEval, "the script written by echo or printf")
			continue
		}
		hdoc, ok := s.written[path.Clean(r.Spec)]
		if !ok {
			continue
		}
		for _, t := range s.hdocTexts(hdoc) {
			s.p.ScanShellAt(t, s.synPos(hdoc.Hdoc.Pos()), r.At, scanner.ClassEval, "the script written at line "+strconv.Itoa(s.synPos(hdoc.Hdoc.Pos()).Line))
		}
	}
}
