package shell

import (
	"fmt"
	"path"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/leasegate/leasegate/cmdline"
	"github.com/leasegate/leasegate/scanner"
)

// Scripts run by path with arguments (docs/repository.md): a script's
// summary says which of its positional parameters reach the command word
// (or the argv, or a shell's -c string) of a process it runs; a call
// `./scripts/with-retry.sh claude -p hi` (or `bash x.sh claude`) is then
// judged as the argv the script runs, with the chain into the script.

// maxScriptArgs is how many positional parameters a summary follows ($1
// to $9); "$@" is all of them.
const maxScriptArgs = 9

// argMarker is the word $k+1 holds while a script is summarized: a plain
// word, so it survives eval strings and `sh -c` strings unchanged.
func argMarker(k int) string { return "__leasegate_arg" + strconv.Itoa(k+1) + "__" }

// markerIndex is the parameter a word holds while summarizing, if any.
func markerIndex(a scanner.Arg) (int, bool) {
	v, ok := strings.CutPrefix(a.Value, "__leasegate_arg")
	if !ok || !a.Known {
		return 0, false
	}
	v, ok = strings.CutSuffix(v, "__")
	n, err := strconv.Atoi(v)
	if !ok || err != nil || n < 1 || n > maxScriptArgs {
		return 0, false
	}
	return n - 1, true
}

// optargName is the variable getopts sets to an option's argument.
const optargName = "OPTARG"

// argSinks collects a script's sinks while it is summarized.
type argSinks struct {
	sum *scanner.Summary
}

// refersToArgs is a byte prefilter: a script that never expands a
// positional parameter runs none.
func refersToArgs(src string) bool {
	for i := strings.IndexByte(src, '$'); i >= 0 && i+1 < len(src); {
		switch c := src[i+1]; {
		case c == '@' || c == '*' || c >= '1' && c <= '9':
			return true
		case c == '{' && i+2 < len(src) && (src[i+2] == '@' || src[i+2] == '*' || src[i+2] >= '1' && src[i+2] <= '9'):
			return true
		}
		j := strings.IndexByte(src[i+1:], '$')
		if j < 0 {
			break
		}
		i += j + 1
	}
	return false
}

// Summarize implements scanner.Linker. A sourced file is taken whole
// (Imports.Source); what the summary holds is what the file, run as a
// script, does with its arguments (scanner.ScriptArgs): it is scanned
// with $1..$9 bound to markers, and a command whose word (behind any
// wrapper, in functions it calls with them, in eval and -c strings, and
// in the scripts it runs by path, through p.Imports) is a marker is a
// sink. A function body is read with its own parameters unknown: a
// function that runs "$@" is a sink only where it is called with the
// script's. A bound reached while scanning marks the summary truncated.
func (Detector) Summarize(p *scanner.Pass) (*scanner.Summary, error) {
	sum := &scanner.Summary{}
	src := string(p.Src)
	if nul := strings.IndexByte(src, 0); nul >= 0 {
		src = src[:strings.LastIndexByte(src[:nul], '\n')+1]
	}
	if !refersToArgs(src) && !strings.Contains(src, optargName) {
		return sum, nil
	}
	lang := fileDialect(p)
	params := make(fields, maxScriptArgs)
	for k := range params {
		params[k] = val{s: argMarker(k)}
	}
	// The files the script sources come first, as in Scan: their
	// functions (`retry "$@"` with retry from a library) are the script's.
	pre := sourcedPrefix(p, src)
	lines := strings.Count(pre.text, "\n")
	if err := summarizeText(p, pre.text+src, lang, params, sum); err != nil {
		if lines == 0 {
			return nil, err
		}
		// a sourced file that does not parse is reported where it is;
		// the script is summarized alone
		sum, lines = &scanner.Summary{}, 0
		if err := summarizeText(p, src, lang, params, sum); err != nil {
			return nil, err
		}
	}
	if lines > 0 {
		for _, ks := range sum.Sinks {
			for i := range ks {
				pre.place(p.Path, lines, &ks[i].At)
				for j := range ks[i].Via {
					pre.place(p.Path, lines, &ks[i].Via[j])
				}
			}
		}
	}
	for _, f := range p.Findings() {
		if f.Class == scanner.ClassUnparseable {
			sum.Truncated = true
		}
	}
	return sum, nil
}

// summarizeText scans text with the positional parameters params,
// recording the sinks it finds into sum.
func summarizeText(p *scanner.Pass, text string, lang syntax.LangVariant, params fields, sum *scanner.Summary) error {
	vars := env{}
	vars.add(positionalName, params)
	if strings.Contains(text, "getopts") {
		// an option's argument ($OPTARG after getopts) may be any of
		// the script's arguments: over-approximated, each of them
		for _, v := range params {
			vars.add(optargName, fields{v})
		}
	}
	sh := newShared(text)
	sh.rec = &argSinks{sum: sum}
	return scanTree(p, text, scanner.Pos{Line: 1, Column: 1}, "", lang, vars, 0, false, sh)
}

// argSink records, while a script is summarized, the parameter an argv
// runs: its program (SinkProgram), its whole argv when the words after
// it are the following parameters up to the last ("$@", SinkArgv), or
// the string a shell runs (SinkShell).
func (s *scan) argSink(argv []scanner.Arg, cls scanner.Class) {
	rec := s.shared.rec
	for _, in := range cmdline.Unwrap(scanner.Words(argv)).Inners {
		var k int
		var ok bool
		role := scanner.SinkProgram
		at := in.Start
		switch in.Kind {
		case cmdline.KindArgv:
			if in.Start < 0 || in.Start >= len(argv) {
				continue
			}
			if k, ok = markerIndex(argv[in.Start]); !ok {
				continue
			}
			n := 1
			for in.Start+n < in.End {
				j, ok := markerIndex(argv[in.Start+n])
				if !ok || j != k+n {
					break
				}
				n++
			}
			if in.Start+n == in.End && k+n == maxScriptArgs {
				role = scanner.SinkArgv
			}
		case cmdline.KindShell:
			if in.Prog >= 0 && in.Prog < len(argv) && argv[in.Prog].Value == "eval" {
				continue // judge scans it in this shell, where the markers are words
			}
			first, _, _ := strings.Cut(strings.TrimSpace(in.Text), " ")
			if k, ok = markerIndex(scanner.Arg{Value: first, Known: true}); !ok {
				continue
			}
			role, at = scanner.SinkShell, in.Arg
		default:
			continue
		}
		if at < 0 || at >= len(argv) {
			continue
		}
		pos := argv[at].Pos
		base := path.Base(s.p.Path)
		note := fmt.Sprintf("`%s` runs its argument $%d", base, k+1)
		switch {
		case len(s.chain) > 0:
			note = fmt.Sprintf("`%s` hands its arguments to `%s`", base, path.Base(s.chain[0].File))
		case role == scanner.SinkArgv:
			note = fmt.Sprintf("`%s` runs its arguments", base)
		case role == scanner.SinkShell:
			note = fmt.Sprintf("`%s` hands its argument $%d to a shell", base, k+1)
		}
		steps := append([]scanner.Step{{File: s.p.Path, Line: pos.Line, Column: pos.Column, Note: note}}, s.chain...)
		sink := scanner.Sink{Param: k, Role: role, At: steps[len(steps)-1], Via: steps[:len(steps)-1]}
		if cls == scanner.ClassEval && role != scanner.SinkShell {
			sink.Class = cls
		}
		if len(steps) > scanner.MaxLinkDepth || !rec.sum.AddSink(scanner.ScriptArgs, sink) {
			rec.sum.Truncated = true
		}
	}
}

// scriptCalls judges the scripts of the repository an argv runs by path
// with the arguments it gives them (in the repository phase); before it,
// a call giving a script an argument that names a runtime is noted
// (Pass.Needs) so that the file is scanned again.
func (s *scan) scriptCalls(argv []scanner.Arg, cls scanner.Class, depth int) {
	if len(argv) < 2 || !mayRunScript(argv) || !s.passesRuntime(argv[1:]) {
		return
	}
	for _, r := range scanner.ScriptRuns(argv) {
		if len(r.Args) == 0 {
			continue
		}
		if s.p.Imports == nil {
			s.p.Needs = append(s.p.Needs, r.Spec)
			continue
		}
		ex, ok := s.p.Imports.Script(r.Spec)
		if !ok {
			continue // not a shell script of the repository: an unknown program
		}
		if ex.Dynamic {
			s.unjudgedScript(r, ex.File)
			continue
		}
		for _, k := range ex.Sinks {
			derived := k.Derive(r.Args)
			if len(derived) == 0 {
				continue
			}
			chain := append(append([]scanner.Step(nil), s.chain...), k.Chain()...)
			if len(chain) > scanner.MaxLinkDepth {
				s.unjudgedScript(r, ex.File)
				continue
			}
			old := s.chain
			s.chain = chain
			mark := s.p.Mark()
			c := cls
			if k.Class != "" {
				c = k.Class
			}
			s.judge(derived, c, depth+1)
			s.p.AddChain(mark, chain)
			s.chain = old
		}
	}
}

// mayRunScript is a cheap test before ScriptRuns: some known word but the
// last is a path or names a shell.
func mayRunScript(argv []scanner.Arg) bool {
	for _, a := range argv[:len(argv)-1] {
		if a.Known && (strings.IndexByte(a.Value, '/') >= 0 || scanner.IsShellInterpreter(path.Base(a.Value))) {
			return true
		}
	}
	return false
}

// passesRuntime reports whether some argument may carry a runtime to a
// script: it mentions one, or, while a script is summarized, it is one
// of the script's own parameters.
func (s *scan) passesRuntime(args []scanner.Arg) bool {
	for _, a := range args {
		if s.shared.rec != nil {
			if _, ok := markerIndex(a); ok {
				return true
			}
		}
		if a.Value != "" && s.p.Config.MentionsRuntime([]byte(a.Value)) {
			return true
		}
	}
	return false
}

// unjudgedScript reports a script of the repository given an argument
// naming a runtime, where what the script does with it cannot be judged
// (a bound reached, a script that does not parse): unknown is not
// absent. While summarizing, the summary is marked truncated instead.
func (s *scan) unjudgedScript(r scanner.ScriptRun, file string) {
	if s.shared.rec != nil {
		s.shared.rec.sum.Truncated = true
		return
	}
	s.p.ReportUnjudgedScript(r.At, file)
}

// funcBody walks a function's body while a script is summarized, with
// the positional parameters unknown there: they are the function's.
func (s *scan) funcBody(fd *syntax.FuncDecl, cls scanner.Class) {
	saved, had := s.vars[positionalName]
	delete(s.vars, positionalName)
	s.stmt(fd.Body, cls)
	if had {
		s.vars[positionalName] = saved
	}
}

// prefix is the text of the files a script sources, in order, and where
// each starts.
type prefix struct {
	text  string
	files []string
	first []int // the line of the prefix where each file starts
}

// sourcedPrefix is the text of the files src sources (through
// p.Imports; none when it is nil), each ending with a newline.
func sourcedPrefix(p *scanner.Pass, src string) prefix {
	var pre prefix
	if p.Imports == nil || !strings.Contains(src, "source") && !strings.Contains(src, ". ") {
		return pre
	}
	size := len(src)
	var b strings.Builder
	line := 1
	for _, f := range sources(p, src, "", nil, 0, map[string]bool{p.Path: true}, &size) {
		pre.files = append(pre.files, f.rel)
		pre.first = append(pre.first, line)
		b.WriteString(f.text)
		if !strings.HasSuffix(f.text, "\n") {
			b.WriteByte('\n')
		}
		line = strings.Count(b.String(), "\n") + 1
	}
	pre.text = b.String()
	return pre
}

// place maps a step of the prefixed text back onto the script (past the
// prefix's lines) or onto the sourced file it lies in.
func (pre prefix) place(script string, lines int, st *scanner.Step) {
	if st.File != script {
		return
	}
	if st.Line > lines {
		st.Line -= lines
		return
	}
	for i := len(pre.first) - 1; i >= 0; i-- {
		if st.Line >= pre.first[i] {
			st.File, st.Line = pre.files[i], st.Line-pre.first[i]+1
			return
		}
	}
}
