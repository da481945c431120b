package shell

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/leasegate/leasegate/cmdline"
	"github.com/leasegate/leasegate/scanner"
)

func (s *scan) stmts(list []*syntax.Stmt, cls scanner.Class) {
	for _, st := range list {
		s.stmt(st, cls)
	}
}

// visitor walks the parts of a command: nested statements keep the class
// of their context, substitutions take command-substitution.
func (s *scan) visitor(cls scanner.Class) func(syntax.Node) bool {
	return func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Stmt:
			s.stmt(n, cls)
			return false
		case *syntax.CmdSubst:
			s.stmts(n.Stmts, scanner.ClassCommandSubstitution)
			return false
		case *syntax.ProcSubst:
			s.stmts(n.Stmts, scanner.ClassCommandSubstitution)
			return false
		case *syntax.FuncDecl:
			if s.shared.rec != nil {
				s.funcBody(n, cls)
				return false
			}
		}
		return true
	}
}

func (s *scan) stmt(st *syntax.Stmt, cls scanner.Class) {
	if st == nil {
		return
	}
	var argvs [][]scanner.Arg
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(c.Args) > 0 {
			// `GIT_EDITOR=... git commit`: the command's environment
			s.programAssigns(c.Assigns, true)
		} else {
			s.programAssigns(c.Assigns, false)
		}
		argvs = s.call(c, cls)
		s.procSubstToShell(c)
		s.xargsArgFile(c, cls)
		s.xargsStdin(st, c, cls)
	case *syntax.DeclClause:
		// `export PAGER=...` (`declare -x`): the environment of every
		// later command
		s.programAssigns(c.Args, c.Variant != nil && c.Variant.Value == "export" || declExports(c))
	case *syntax.BinaryCmd:
		if c.Op == syntax.Pipe || c.Op == syntax.PipeAll {
			s.pipeToShell(c)
			s.pipeToXargs(c, cls)
		}
	}
	v := s.visitor(cls)
	if st.Cmd != nil {
		syntax.Walk(st.Cmd, v)
	}
	for _, r := range st.Redirs {
		syntax.Walk(r, v)
	}
	if len(argvs) > 0 {
		s.heredocs(st, argvs)
	}
}

// maxBranchWords is how many leading words of a command may multiply its
// argv alternatives.
const maxBranchWords = 16

// maxArgvs bounds the argv alternatives of one command: past maxAlts
// combinations each of the first maxExtraWords words (the command word
// and a wrapper's arguments) adds its possibilities once (see argv).
const (
	maxArgvs      = 2 * maxAlts
	maxExtraWords = 4
)

// argv resolves the words of a command into argv alternatives.
func (s *scan) argv(words []*syntax.Word) [][]scanner.Arg {
	cur := [][]scanner.Arg{{}}
	for wi, w := range words {
		if len(cur[0]) >= maxFields {
			break // the argv is long enough to judge
		}
		pos := s.wordTextPos(w)
		if s.depth > 0 && s.shared.stepsOver(s.p, pos) {
			return nil // reported: this nested string's commands are not judged
		}
		s.oneAlt = wi >= maxBranchWords
		alts := s.word(w)
		s.oneAlt = false
		if len(alts) == 0 {
			alts = []fields{{{s: unknown}}}
		}
		alts = s.reportCappedAlts(alts, pos)
		if wi >= maxBranchWords {
			// Far from the command word only one reading of each word is
			// kept, so long commands stay linear (s.oneAlt: see param).
			for k := range cur {
				for _, v := range alts[0] {
					if len(cur[k]) < maxFields {
						cur[k] = append(cur[k], v.arg(pos))
						s.shared.steps++
					}
				}
			}
			continue
		}
		extend := func(c []scanner.Arg, a fields, dyn bool) []scanner.Arg {
			n := append(make([]scanner.Arg, 0, min(len(c)+len(a), maxFields)), c...)
			for _, v := range a {
				if len(n) >= maxFields {
					break
				}
				if dyn {
					v = through(v, scanner.ClassDynamic)
				}
				n = append(n, v.arg(pos))
			}
			s.shared.steps += len(n)
			return n
		}
		var next [][]scanner.Arg
		if len(cur)*len(alts) <= maxAlts {
			for _, c := range cur {
				for _, a := range alts {
					next = append(next, extend(c, a, false))
				}
			}
		} else {
			// Past the bound on combinations: every reading so far with
			// this word's first possibility, and, for the first
			// maxExtraWords words, each other possibility with the first
			// reading, so no possibility of the command word or a
			// wrapper's arguments is left out; a runtime this word names
			// is then dynamic (the bound is reported).
			for _, c := range cur {
				next = append(next, extend(c, alts[0], true))
			}
			for _, a := range alts[1:] {
				if len(next) >= maxArgvs || wi >= maxExtraWords {
					break
				}
				next = append(next, extend(cur[0], a, true))
			}
		}
		cur = next
	}
	return cur
}

// maxJudgeDepth bounds how many functions that run their arguments
// (`f() { "$@"; }`) one command is followed through.
const maxJudgeDepth = 4

// reportUnfollowed reports, dynamic, the first runtime a known word of
// argv names, at that word: what runs it is past a bound.
func (s *scan) reportUnfollowed(argv []scanner.Arg, why string) {
	for _, a := range argv {
		if !a.Known {
			continue
		}
		for _, w := range strings.Fields(a.Value) {
			if rt, ok := s.p.Config.RuntimeForCommand(path.Base(w)); ok {
				s.p.Report(scanner.Finding{Line: a.Pos.Line, Column: a.Pos.Column, Runtime: rt, Class: scanner.ClassDynamic, Message: rt + " " + why})
				return
			}
		}
	}
}

// chdirOption records the folder a wrapper runs its command in (`env -C
// DIR CMD`, `env --chdir=DIR`, `sudo -D DIR CMD`: Pass.AddDir), before
// the command is read there (Pass.InDirs).
func (s *scan) chdirOption(argv []scanner.Arg, cls scanner.Class) {
	if len(argv) >= 3 && argv[0].Known && (argv[0].Value == "docker" || argv[0].Value == "podman") {
		// `docker run -w DIR IMAGE CMD`, `docker exec --workdir=DIR`:
		// the folder of the container's command alone
		var dirs []scanner.Arg
		for k := 1; k < len(argv)-1; k++ {
			if d, ok := strings.CutPrefix(argv[k].Value, "--workdir="); ok && argv[k].Known {
				x := argv[k]
				x.Value = d
				dirs = append(dirs, x)
			} else if argv[k].Value == "-w" || argv[k].Value == "--workdir" {
				dirs = append(dirs, argv[k+1])
			}
		}
		if len(dirs) == 0 {
			return
		}
		// the command the container runs, read in that folder (InDirs
		// joins every relative word: the image's name is not one)
		res := cmdline.UnwrapDepth(scanner.Words(argv), cmdline.MaxDepth)
		for _, in := range res.Inners {
			start := in.Start
			if in.Kind == cmdline.KindScript {
				start = in.Prog // `node cli.js`: the interpreter too
			} else if in.Kind != cmdline.KindArgv {
				continue
			}
			if start <= 0 || in.End > len(argv) || start >= in.End {
				continue
			}
			if read, ok := s.p.ReadIn(argv[start:in.End], dirs); ok {
				s.p.Judge(scanner.Command{Argv: read, Via: cls, Data: true})
			}
		}
		return
	}
	if len(argv) < 3 || !argv[0].Known || argv[0].Value != "env" && argv[0].Value != "sudo" {
		return
	}
	for k := 1; k < len(argv)-1; k++ {
		x := argv[k]
		if !x.Known || !strings.HasPrefix(x.Value, "-") {
			return
		}
		if d, ok := strings.CutPrefix(x.Value, "--chdir="); ok {
			x.Value = d
			s.p.AddDir(x, x.Pos)
		} else if x.Value == "--chdir" || argv[0].Value == "env" && x.Value == "-C" || argv[0].Value == "sudo" && x.Value == "-D" {
			s.p.AddDir(argv[k+1], argv[k+1].Pos)
			k++
		}
	}
}

// call judges a simple command and returns its argv alternatives.
func (s *scan) call(c *syntax.CallExpr, cls scanner.Class) [][]scanner.Arg {
	if len(c.Args) == 0 {
		return nil
	}
	argvs := s.argv(c.Args)
	for _, argv := range argvs {
		s.judge(argv, cls, 0)
	}
	return argvs
}

// judge reports the launch an argv makes, the primitive in it, and the
// shell text it runs through eval, trap or a function that runs its
// arguments.
func (s *scan) judge(argv []scanner.Arg, cls scanner.Class, depth int) {
	if len(argv) == 0 {
		return
	}
	if depth > maxJudgeDepth {
		// The bound is reached: a runtime named among the words left is
		// reported, dynamic, never dropped.
		s.reportUnfollowed(argv, fmt.Sprintf("handed on by functions that run their arguments more than %d deep; the rest is not followed", maxJudgeDepth))
		return
	}
	if s.shared.rec != nil {
		s.argSink(argv, cls)
	}
	linked, isLink := s.throughLinks(argv)
	if isLink {
		// a link or copy of a runtime the file makes, run by its name
		s.p.Judge(scanner.Command{Argv: linked, Via: cls, Data: true})
	}
	if s.shadowed(argv[0]) {
		// claude() { ...; } defined above: `claude` runs the function, whose
		// body is scanned where it is.
		if n := s.funcs[argv[0].Value]; n > 0 && len(argv) > 1 {
			s.judge(argv[1:], cls, depth+n)
			if s.shifting[argv[0].Value] {
				s.judgeDropped(argv[0].Value, argv[1:], cls, depth+n)
			}
		}
		return
	}
	l := s.p.Judge(scanner.Command{Argv: argv, Via: cls, Data: true})
	s.shellArgs(argv)
	s.writtenRuns(argv)
	if l != nil {
		return
	}
	s.chdirOption(argv, cls)
	s.programArgs(argv)
	if in, ok := s.p.InDirs(argv); ok && !isLink {
		// `cd /opt/cc && node cli.js`: a runtime's file by a relative
		// name, in a folder of its files
		s.p.Judge(scanner.Command{Argv: in, Via: cls, Data: true})
	}
	s.scriptCalls(argv, cls, depth)
	i := 0
	for i < len(argv)-1 && argv[i].Known && (argv[i].Value == "builtin" || argv[i].Value == "command") {
		i++
	}
	a := argv[i]
	if !a.Known {
		// "$SHELL" -c '...': an unknown program given -c and a string is
		// taken to be a shell.
		if i+2 < len(argv) && argv[i+1].Known && argv[i+2].Known && (argv[i+1].Value == "-c" || len(argv[i+1].Value) > 2 && argv[i+1].Value[0] == '-' && strings.HasSuffix(argv[i+1].Value, "c") && !strings.HasPrefix(argv[i+1].Value, "--")) {
			s.p.ScanShell(argv[i+2].Value, argv[i+2].Pos, scanner.ClassEval)
		} else if a.Pos.Line > 0 {
			s.p.NoteLostProgram(a.Pos)
		}
		return
	}
	switch a.Value {
	case "eval":
		if i+1 < len(argv) {
			var parts []string
			for _, x := range argv[i+1:] {
				parts = append(parts, argText(x))
			}
			s.evalText(strings.Join(parts, " "), argv[i+1].Pos)
		}
	case "alias":
		// alias c='claude -p': a launch definition, judged as the text it
		// stands for.
		for _, x := range argv[i+1:] {
			if _, body, ok := strings.Cut(x.Value, "="); ok && x.Known {
				s.evalText(body, x.Pos)
			}
		}
	case "run":
		if s.bats {
			k := i + 1
			for k < len(argv) && argv[k].Known && (strings.HasPrefix(argv[k].Value, "-") || argv[k].Value == "!") {
				k++
			}
			if k < len(argv) {
				s.judge(argv[k:], cls, depth+1)
			}
		}
	case "cd", "pushd":
		// the folder the commands after it run in (Pass.InDirs)
		for _, x := range argv[i+1:] {
			if !x.Known || !strings.HasPrefix(x.Value, "-") {
				s.p.AddDir(x, x.Pos)
				break
			}
		}
	case "trap":
		if i+1 < len(argv) && argv[i+1].Known && !strings.HasPrefix(argv[i+1].Value, "-") {
			s.evalText(argv[i+1].Value, argv[i+1].Pos)
		}
	default:
		if n := s.funcs[a.Value]; n > 0 && i+1 < len(argv) {
			s.judge(argv[i+1:], cls, depth+n)
			if s.shifting[a.Value] {
				s.judgeDropped(a.Value, argv[i+1:], cls, depth+n)
			}
			return
		}
		s.unknownWrapper(argv[i:], depth)
	}
}

// unknownWrapper judges, deny by default, what a program the command-line
// model does not list may run (cmdline.Guess): the words after its "--",
// a runtime's name with more words after it, a string whose shell reading
// starts a runtime. Each is a possibility, so a launch there is dynamic.
// A function of the file, a program run by its path (a script of the
// repository, judged by its summary) and the wrapper (which refuses to run
// without --runtime) are not read this way.
func (s *scan) unknownWrapper(argv []scanner.Arg, depth int) {
	a := argv[0]
	if len(argv) < 2 || !a.Known || strings.ContainsRune(a.Value, '/') || scriptExt(a.Value) || a.Value == scanner.WrapperCommand {
		return
	}
	if _, ok := s.defs[a.Value]; ok {
		return
	}
	if _, ok := s.bodies[a.Value]; ok {
		return
	}
	names := func(w string) bool {
		_, ok := s.p.Config.RuntimeForCommand(w)
		return ok
	}
	g := cmdline.Guess(scanner.Words(argv), names)
	for _, k := range g.Starts {
		s.judge(argv[k:], scanner.ClassDynamic, depth+1)
	}
	for _, k := range g.Strings {
		if at := argv[k].Pos; s.nestOK(at) {
			s.p.ScanShell(argv[k].Value, at, scanner.ClassDynamic)
		}
	}
}

// argText is an element as text handed to a nested shell parse: an
// unknown element is its rendering with placeholders, or one placeholder.
func argText(a scanner.Arg) string {
	if !a.Known && a.Value == "" {
		return placeholder
	}
	return a.Value
}

// evalText scans a string run by eval (or trap) in this same shell: it
// sees this text's variables, and its launches are class eval.
func (s *scan) evalText(text string, at scanner.Pos) {
	if !s.nestOK(at) || !s.shared.enter(s.p, text, at) {
		return
	}
	_ = scanTree(s.p, text, at, scanner.ClassEval, syntax.LangBash, s.vars, s.depth+1, true, s.shared)
}

// nestOK reports whether a string at at, run by this text, is within the
// nesting bound of eval and -c strings; past it, the bound is reported and
// the string is not scanned.
func (s *scan) nestOK(at scanner.Pos) bool {
	if s.depth+1 > maxEvalDepth || s.p.Depth()+s.depth >= maxEvalDepth*2 {
		s.p.ReportUnparseable(at, fmt.Sprintf("eval and -c strings nested deeper than %d levels; the inner ones are not scanned", maxEvalDepth))
		return false
	}
	return true
}

// dangerText reports the primitive in a resolved value.
func (s *scan) dangerText(v string, at scanner.Pos, data bool) {
	for _, m := range scanner.FindDangerous(v) {
		s.p.ReportDangerous(at, m.Text, data)
	}
}

// feedsShell reports whether a command reads shell commands from its
// standard input (package cmdline decides, behind any wrapper).
func feedsShell(argv []scanner.Arg) bool {
	return cmdline.ReadsStdin(scanner.Words(argv))
}

// feedsCrontab reports whether a command installs the crontab it reads
// from its standard input (`crontab -`, behind any wrapper).
func feedsCrontab(argv []scanner.Arg) bool {
	return cmdline.ReadsCrontab(scanner.Words(argv))
}

// A reading is what the command fed a text does with it: run it as
// shell, install it as a crontab whose commands cron's shell runs, or
// run it as an interpreter's program (code: the argv that runs code given
// as its next word, `python3 -c`).
type reading struct {
	crontab bool
	code    []string
}

var (
	asShell   = reading{}
	asCrontab = reading{crontab: true}
)

// scanFed scans text a command reads on its standard input, as that
// command reads it: interpreter code is judged as the same code given to
// -c or -e is (`python3 - <<'EOF'` as `python3 -c TEXT`), by the
// command-line model and the language's detector.
func (s *scan) scanFed(text string, at scanner.Pos, how reading) {
	if how.code != nil {
		argv := make([]scanner.Arg, 0, len(how.code)+1)
		for _, w := range how.code {
			argv = append(argv, scanner.Arg{Value: w, Known: true, Pos: at})
		}
		argv = append(argv, scanner.Arg{Value: text, Known: true, Pos: at})
		s.p.Judge(scanner.Command{Argv: argv, Via: scanner.ClassEval, Data: true})
		return
	}
	if how.crontab {
		text = cmdline.CrontabCommands(text)
	}
	s.p.ScanShell(text, at, scanner.ClassEval)
}

// feedReading is what a command does with the text fed to its standard
// input, when it runs it: a shell, a crontab, an interpreter's program.
func feedReading(argvs [][]scanner.Arg) (reading, bool) {
	if slices.ContainsFunc(argvs, feedsShell) {
		return asShell, true
	}
	if slices.ContainsFunc(argvs, feedsCrontab) {
		return asCrontab, true
	}
	for _, argv := range argvs {
		if code, ok := cmdline.ReadsCode(scanner.Words(argv)); ok {
			return reading{code: code}, true
		}
	}
	return reading{}, false
}

// heredocs scans the here-documents and here-strings given to a command
// that runs its standard input as shell or as an interpreter's program.
func (s *scan) heredocs(st *syntax.Stmt, argvs [][]scanner.Arg) {
	if !slices.ContainsFunc(st.Redirs, isHeredoc) {
		return
	}
	how, ok := feedReading(argvs)
	if !ok {
		return
	}
	for _, r := range st.Redirs {
		s.stdinText(r, how)
	}
}

// isHeredoc reports a here-document or here-string: text the command
// reads on its standard input.
func isHeredoc(r *syntax.Redirect) bool {
	return r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc || r.Op == syntax.WordHdoc
}

// stdinText scans what a redirection feeds a shell.
func (s *scan) stdinText(r *syntax.Redirect, how reading) bool {
	switch {
	case (r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc) && r.Hdoc != nil:
		at := s.synPos(r.Hdoc.Pos())
		for _, t := range s.hdocTexts(r) {
			if strings.Contains(t, capMark) {
				t = s.reportCapped(val{s: t}, at).s
			}
			s.scanFed(t, at, how)
		}
		return true
	case r.Op == syntax.WordHdoc && r.Word != nil:
		at := s.synPos(r.Word.Pos())
		for _, v := range s.scalar(r.Word) {
			s.scanFed(s.reportCapped(v, at).text(), at, how)
		}
		return true
	}
	return false
}

// hdocTexts is the body of a here-document as the shell reading it sees
// it: verbatim when the delimiter is quoted, expanded otherwise.
func (s *scan) hdocTexts(r *syntax.Redirect) []string {
	quoted := false
	if r.Word != nil {
		for _, p := range r.Word.Parts {
			switch p := p.(type) {
			case *syntax.SglQuoted, *syntax.DblQuoted:
				quoted = true
			case *syntax.Lit:
				if strings.Contains(p.Value, "\\") {
					quoted = true
				}
			}
		}
	}
	if quoted {
		var b strings.Builder
		for _, p := range r.Hdoc.Parts {
			if l, ok := p.(*syntax.Lit); ok {
				b.WriteString(l.Value)
			}
		}
		return []string{b.String()}
	}
	parts := make([][]seg, 0, len(r.Hdoc.Parts))
	for _, p := range r.Hdoc.Parts {
		parts = append(parts, s.part(p, true))
	}
	var out []string
	for _, f := range s.combine(parts) {
		var b strings.Builder
		for _, v := range f {
			b.WriteString(strings.ReplaceAll(strings.ReplaceAll(v.s, lostMark, ""), unknown, placeholder))
		}
		out = append(out, b.String())
	}
	return out
}

// pipeToShell scans what `echo ... | bash`, `printf ... | sh` and
// `cat <<EOF | bash` feed a shell.
func (s *scan) pipeToShell(b *syntax.BinaryCmd) {
	y, ok := b.Y.Cmd.(*syntax.CallExpr)
	if !ok || len(y.Args) == 0 {
		return
	}
	how, feeds := feedReading(s.argv(y.Args))
	if !feeds {
		return
	}
	// a | b | bash: what reaches the shell comes from the last stage.
	s.feedShell(lastStage(b.X), how, 0)
}

// shellReaders are the commands that run the file named by their first
// operand as shell text (`source <(...)`, `bash <(...)`).
var shellReaders = map[string]bool{"source": true, ".": true, "sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true, "mksh": true, "ash": true}

// procSubstToShell scans what a process substitution given to a shell as
// its script prints (`source <(printf '%s -p x' claude)`, `bash
// <(echo claude)`), as pipeToShell does for a pipe.
func (s *scan) procSubstToShell(c *syntax.CallExpr) {
	if len(c.Args) < 2 || !shellReaders[path.Base(c.Args[0].Lit())] {
		return
	}
	for _, w := range c.Args[1:] {
		if lit := w.Lit(); strings.HasPrefix(lit, "-") {
			continue
		}
		if len(w.Parts) == 1 {
			if ps, ok := w.Parts[0].(*syntax.ProcSubst); ok && ps.Op == syntax.CmdIn && len(ps.Stmts) > 0 {
				s.feedShell(lastStage(ps.Stmts[len(ps.Stmts)-1]), asShell, 0)
			}
		}
		return
	}
}

// maxFeedDepth bounds the nested groups ( { ... } ) read for what they
// print into a pipe.
const maxFeedDepth = 8

// feedShell scans as shell text (or a crontab) what statement x prints,
// when it is `cat` of a heredoc or `echo`/`printf` of words, or a group
// of such statements.
func (s *scan) feedShell(x *syntax.Stmt, how reading, depth int) {
	var stmts []*syntax.Stmt
	switch g := x.Cmd.(type) {
	case *syntax.Subshell:
		stmts = g.Stmts
	case *syntax.Block:
		stmts = g.Stmts
	}
	if stmts != nil {
		// ( crontab -l; echo "$LINE" ) | crontab -: each statement of a
		// group prints to the pipe
		if depth < maxFeedDepth {
			for _, st := range stmts {
				s.feedShell(lastStage(st), how, depth+1)
			}
		}
		return
	}
	c, ok := x.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) == 0 {
		return
	}
	switch c.Args[0].Lit() {
	case "cat":
		for _, r := range x.Redirs {
			s.stdinText(r, how)
		}
	case "echo", "printf":
		for _, argv := range s.argv(c.Args) {
			if argv[0].Value == "printf" && len(argv) > 1 && argv[1].Known && strings.Contains(argv[1].Value, "%") {
				s.scanFed(printfText(argv[1].Value, argv[2:]), argv[1].Pos, how)
				continue
			}
			var parts []string
			for i, a := range argv[1:] {
				if !a.Known {
					parts = append(parts, placeholder)
					continue
				}
				if i == 0 && argv[0].Value == "echo" && (a.Value == "-n" || a.Value == "-e" || a.Value == "-E" || a.Value == "-ne" || a.Value == "-en") {
					continue
				}
				parts = append(parts, strings.ReplaceAll(a.Value, "\\n", "\n"))
			}
			if len(argv) > 1 {
				s.scanFed(strings.Join(parts, " "), argv[1].Pos, how)
			}
		}
	}
}

// wordTextPos is where a word's text starts: inside the quotes of a word
// that is one quoted string, so that a shell string handed to a nested
// scan maps onto the file exactly.
func (s *scan) wordTextPos(w *syntax.Word) scanner.Pos {
	off := int(w.Pos().Offset())
	if len(w.Parts) == 1 {
		switch q := w.Parts[0].(type) {
		case *syntax.SglQuoted:
			off++
			if q.Dollar {
				off++
			}
		case *syntax.DblQuoted:
			off++
			if q.Dollar {
				off++
			}
		}
	}
	return s.offPos(off)
}

// printfText approximates what printf prints: each %s or %b takes the next
// argument; the format is reused while arguments remain.
func printfText(format string, args []scanner.Arg) string {
	var b strings.Builder
	i := 0
	// The format is reused until every argument is consumed; a round that
	// consumes none is the last, so there are at most len(args)+1 rounds
	// (an argv holds at most maxFields words).
	for {
		start := i
		for k := 0; k < len(format); k++ {
			c := format[k]
			switch {
			case c == '%' && k+1 < len(format) && format[k+1] == '%':
				b.WriteByte('%')
				k++
			case c == '%' && k+1 < len(format):
				k++
				for k < len(format) && strings.IndexByte("-+ #0123456789.", format[k]) >= 0 {
					k++
				}
				if i < len(args) {
					b.WriteString(argText(args[i]))
					i++
				}
			case c == '\\' && k+1 < len(format) && format[k+1] == 'n':
				b.WriteByte('\n')
				k++
			default:
				b.WriteByte(c)
			}
		}
		if i >= len(args) || i == start {
			break
		}
	}
	return b.String()
}

// shadowed reports whether a command word names a function this text
// defines before the call.
func (s *scan) shadowed(a scanner.Arg) bool {
	if !a.Known || a.Via != "" {
		return false
	}
	def, ok := s.defs[a.Value]
	if !ok {
		return false
	}
	return a.Pos.Line > def.Line || a.Pos.Line == def.Line && a.Pos.Column > def.Column
}

// shellArgs scans `sh -c STRING NAME ARGS...` with the string's positional
// parameters bound to ARGS and its $0 to NAME (`sh -c 'exec "$@"' sh
// claude -p`, `sh -c '"$0" -p x' claude`); the judge
// has already scanned the string without them. Package cmdline finds the
// string and its parameters, behind any wrapper.
func (s *scan) shellArgs(argv []scanner.Arg) {
	if len(argv) < 3 || !slices.ContainsFunc(argv[1:], isOption) {
		return // no room for -c STRING NAME, or no option at all
	}
	for _, in := range cmdline.Unwrap(scanner.Words(argv)).Inners {
		if in.Kind != cmdline.KindShell || in.Params == 0 || !argv[in.Arg].Known {
			continue
		}
		var params fields
		for _, x := range argv[in.Params+1 : in.End] {
			if x.Known {
				params = append(params, val{s: x.Value})
			} else {
				params = append(params, val{s: unknown})
			}
		}
		str := argv[in.Arg]
		if !s.nestOK(str.Pos) || !s.shared.enter(s.p, str.Value+"\x00"+params.key(), str.Pos) {
			return
		}
		vars := env{}
		vars.add(positionalName, params)
		if k := in.Params; argv[k].Known {
			vars.add(zeroName, fields{{s: argv[k].Value}})
		} else {
			vars.add(zeroName, fields{{s: unknown}})
		}
		_ = scanTree(s.p, str.Value, str.Pos, scanner.ClassEval, syntax.LangBash, vars, s.depth+1, true, s.shared)
		return
	}
}

// isOption reports a known word that looks like an option: without one,
// no shell is given a -c string.
func isOption(a scanner.Arg) bool { return a.Known && strings.HasPrefix(a.Value, "-") }

// lastStage is the last command of pipeline x (x itself when it is no
// pipeline): what the next stage reads comes from it.
func lastStage(x *syntax.Stmt) *syntax.Stmt {
	for {
		bx, ok := x.Cmd.(*syntax.BinaryCmd)
		if !ok || bx.Op != syntax.Pipe && bx.Op != syntax.PipeAll {
			return x
		}
		x = bx.Y
	}
}

// scriptExt reports a shell script's extension.
func scriptExt(name string) bool {
	switch path.Ext(name) {
	case ".sh", ".bash", ".zsh", ".ksh", ".command":
		return true
	}
	return false
}
