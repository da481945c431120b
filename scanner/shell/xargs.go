package shell

import (
	"fmt"
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/leasegate/leasegate/scanner"
)

// xargsValueShort are xargs's short options that take a value, and
// xargsValueLong its long ones (written without `=`, they take the next
// word).
const xargsValueShort = "adEILnPs"

var xargsValueLong = map[string]bool{
	"--arg-file": true, "--delimiter": true, "--eof": true, "--max-lines": true,
	"--max-args": true, "--max-procs": true, "--max-chars": true, "--process-slot-var": true,
}

// pipeToXargs judges what xargs runs when a pipe feeds it literal words:
// `echo claude | xargs -I{} {} -p hi` runs `claude -p hi`, and
// `printf '%s\n' claude | xargs sh -c '"$0" -p'` runs the string with $0
// set to `claude`. It over-approximates: the producer (the pipe's last
// stage before xargs) is echo or printf of known words, each word (each
// line with -I) is one item, every item fills the placeholder of -I
// (-i, --replace) or, without one, all are appended to the command.
func (s *scan) pipeToXargs(b *syntax.BinaryCmd, cls scanner.Class) {
	y, ok := b.Y.Cmd.(*syntax.CallExpr)
	if !ok || len(y.Args) == 0 {
		return
	}
	c, ok := lastStage(b.X).Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) < 2 || c.Args[0].Lit() != "echo" && c.Args[0].Lit() != "printf" && c.Args[0].Lit() != "cat" {
		return
	}
	xi := -1
	for i, w := range y.Args {
		if path.Base(w.Lit()) == "xargs" {
			xi = i
			break
		}
	}
	if xi < 0 {
		return
	}
	if c.Args[0].Lit() == "cat" {
		// cat FILE of the repository: its lines that mention a runtime
		// (the others name none), each an item
		if len(c.Args) != 2 {
			return
		}
		text, ok := s.repoText(c.Args[1])
		if !ok {
			return
		}
		for _, argv := range s.argv(y.Args) {
			s.xargsRuns(argv[xi:], s.runtimeLines(text), s.synPos(c.Args[1].Pos()), cls)
		}
		return
	}
	for _, prod := range s.argv(c.Args) {
		text, at, ok := producedText(prod)
		if !ok {
			continue
		}
		for _, argv := range s.argv(y.Args) {
			s.xargsRuns(argv[xi:], text, at, cls)
		}
	}
}

// xargsArgFile judges what `xargs -a FILE` (`--arg-file`) runs when FILE
// is a file of the repository: its lines that mention a runtime are the
// items, as for `cat FILE | xargs` (pipeToXargs).
func (s *scan) xargsArgFile(c *syntax.CallExpr, cls scanner.Class) {
	if len(c.Args) < 3 || path.Base(c.Args[0].Lit()) != "xargs" {
		return
	}
	var file *syntax.Word
	for i := 1; i < len(c.Args) && file == nil; i++ {
		w := c.Args[i].Lit()
		switch {
		case w == "--":
			i = len(c.Args)
		case (w == "-a" || w == "--arg-file") && i+1 < len(c.Args):
			file = c.Args[i+1]
		case strings.HasPrefix(w, "--arg-file="):
			file = &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: c.Args[i].Pos(), Value: strings.TrimPrefix(w, "--arg-file=")}}}
		case strings.HasPrefix(w, "-a") && len(w) > 2:
			file = &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: c.Args[i].Pos(), Value: w[2:]}}}
		case w == "" || !strings.HasPrefix(w, "-"):
			i = len(c.Args) // the command: options end
		}
	}
	if file == nil {
		return
	}
	text, ok := s.repoText(file)
	if !ok {
		return
	}
	for _, argv := range s.argv(c.Args) {
		s.xargsRuns(argv, s.runtimeLines(text), s.synPos(file.Pos()), cls)
	}
}

// xargsStdin judges what xargs runs with the items it reads from a
// redirection of its standard input: `xargs -I{} {} -p x < agents.txt`
// (a file of the repository: its lines that mention a runtime, as for
// `cat FILE | xargs`), a heredoc, a here-string or a process
// substitution whose text the file knows. An input the file does not
// know (a file outside the repository, a command's output) is an item
// the analysis lost track of, in a text that names a runtime: where it
// becomes the command, a dynamic launch (deny by default).
func (s *scan) xargsStdin(st *syntax.Stmt, c *syntax.CallExpr, cls scanner.Class) {
	if len(c.Args) < 2 || path.Base(c.Args[0].Lit()) != "xargs" || xargsHasArgFile(c) {
		return
	}
	var in []*syntax.Redirect
	for _, r := range st.Redirs {
		if r.Op == syntax.RdrIn || isHeredoc(r) {
			in = append(in, r)
		}
	}
	if len(in) == 0 {
		return
	}
	var texts []string
	unknownIn := false
	for _, r := range in {
		if r.Op == syntax.RdrIn && procSubstIn(r.Word) == nil {
			t, ok, held := s.repoFile(r.Word)
			if ok {
				texts = append(texts, s.runtimeLines(t))
			}
			unknownIn = unknownIn || !held
			continue
		}
		t, _, u := s.inputTexts([]*syntax.Redirect{r}, nil)
		texts, unknownIn = append(texts, t...), unknownIn || u
	}
	at := s.synPos(in[0].Pos())
	lost := unknownIn && strings.Contains(s.readLost().s, lostMark)
	for _, argv := range s.argv(c.Args) {
		for _, t := range texts {
			s.xargsRuns(argv, t, at, cls)
		}
		if lost {
			s.xargsLost(argv, cls)
		}
	}
}

// xargsHasArgFile reports an xargs that reads its items from -a FILE
// (its standard input is then the command's).
func xargsHasArgFile(c *syntax.CallExpr) bool {
	for _, w := range c.Args[1:] {
		lit := w.Lit()
		if lit == "--" || lit != "" && !strings.HasPrefix(lit, "-") {
			return false
		}
		if strings.HasPrefix(lit, "-a") || strings.HasPrefix(lit, "--arg-file") {
			return true
		}
	}
	return false
}

// xargsLost judges xargs given one item the analysis lost track of: it
// fills the -I placeholder, or is appended to the command.
func (s *scan) xargsLost(argv []scanner.Arg, cls scanner.Class) {
	s.xargsRuns(argv, lostItem, scanner.Pos{}, cls)
}

// lostItem stands, in the text xargsRuns splits, for an item the
// analysis lost track of.
const lostItem = unknown + lostMark

// runtimeLines is the lines of a repository file's text that mention a
// runtime (the others name none), at most maxAlts: the items xargs reads
// from it that may start one.
func (s *scan) runtimeLines(text string) string {
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if len(lines) < maxAlts && s.p.Config.MentionsRuntime([]byte(l)) {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

// producedText is what an echo or printf argv prints, when every word is
// known, and where its first word is.
func producedText(argv []scanner.Arg) (string, scanner.Pos, bool) {
	args := argv[1:]
	if argv[0].Value == "echo" {
		for len(args) > 0 && args[0].Known && strings.HasPrefix(args[0].Value, "-") && strings.Trim(args[0].Value, "-neE") == "" {
			args = args[1:]
		}
	}
	if len(args) == 0 {
		return "", scanner.Pos{}, false
	}
	for _, a := range args {
		if !a.Known {
			return "", scanner.Pos{}, false
		}
	}
	var vals []string
	for _, a := range args {
		vals = append(vals, a.Value)
	}
	text := strings.Join(vals, " ")
	if argv[0].Value == "printf" {
		text = printfText(args[0].Value, args[1:])
	}
	return strings.ReplaceAll(text, "\\n", "\n"), args[0].Pos, true
}

// xargsRuns judges the command an xargs argv runs with the items of text.
func (s *scan) xargsRuns(argv []scanner.Arg, text string, at scanner.Pos, cls scanner.Class) {
	repl := ""
	j := 1
	for j < len(argv) && argv[j].Known && strings.HasPrefix(argv[j].Value, "-") {
		w := argv[j].Value
		j++
		switch {
		case w == "--":
			goto command
		case w == "--replace" || w == "-i":
			repl = "{}"
		case strings.HasPrefix(w, "--replace="):
			repl = strings.TrimPrefix(w, "--replace=")
		case strings.HasPrefix(w, "--"):
			if xargsValueLong[w] {
				j++
			}
		case strings.HasPrefix(w, "-i"):
			repl = w[2:]
		default:
			for k := 1; k < len(w); k++ {
				if strings.IndexByte(xargsValueShort, w[k]) < 0 {
					continue
				}
				v := w[k+1:]
				if v == "" && j < len(argv) {
					v = argv[j].Value
					j++
				}
				if w[k] == 'I' {
					repl = v
				}
				break
			}
		}
	}
command:
	if j >= len(argv) {
		return // xargs runs echo
	}
	cmd := argv[j:]
	var items []string
	if repl != "" {
		for _, l := range strings.Split(text, "\n") {
			if l = strings.TrimLeft(l, " \t"); l != "" {
				items = append(items, l)
			}
		}
	} else {
		items = strings.Fields(text)
	}
	if len(items) > maxAlts {
		s.p.ReportUnparseable(at, fmt.Sprintf("more than %d items fed to xargs; the rest are not judged", maxAlts))
		items = items[:maxAlts]
	}
	item := func(it string, a scanner.Arg) scanner.Arg {
		if it == lostItem {
			return scanner.Arg{Pos: a.Pos, Cut: true}
		}
		if repl != "" {
			a.Value = strings.ReplaceAll(a.Value, repl, it)
		}
		return a
	}
	if repl == "" {
		run := append([]scanner.Arg(nil), cmd...)
		for _, it := range items {
			run = append(run, item(it, scanner.Arg{Value: it, Known: true, Pos: at}))
		}
		s.judge(run, cls, 1)
		return
	}
	for _, it := range items {
		run := make([]scanner.Arg, len(cmd))
		for i, a := range cmd {
			run[i] = a
			if a.Known && strings.Contains(a.Value, repl) {
				run[i] = item(it, a)
			}
		}
		s.judge(run, cls, 1)
	}
}
