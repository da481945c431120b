package shell

import (
	"fmt"
	"maps"
	"path"
	"regexp"
	"slices"
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
// to ${16}); "$@" is all of them. A script reading one past it has its
// summary truncated: a call handing it a runtime is dynamic.
const maxScriptArgs = 16

// argMarker is the word $k+1 holds while a script is summarized: a plain
// word, so it survives eval strings and `sh -c` strings unchanged.
func argMarker(k int) string { return "__leasegate_arg" + strconv.Itoa(k+1) + "__" }

// shiftMarker is the word $k+1 holds after a `shift`: the caller's
// argument k+1 or any after it.
func shiftMarker(k int) string { return "__leasegate_shifted" + strconv.Itoa(k+1) + "__" }

// markerIndex is the parameter a word holds while summarizing, if any.
func markerIndex(a scanner.Arg) (int, bool) {
	k, _, ok := markerOf(a)
	return k, ok
}

// markerOf is the parameter a word holds while summarizing, and whether
// it is read after a shift.
func markerOf(a scanner.Arg) (k int, shifted bool, ok bool) {
	if !a.Known {
		return 0, false, false
	}
	v, ok := strings.CutPrefix(a.Value, "__leasegate_arg")
	if !ok {
		if v, ok = strings.CutPrefix(a.Value, "__leasegate_shifted"); !ok {
			return 0, false, false
		}
		shifted = true
	}
	v, ok = strings.CutSuffix(v, "__")
	n, err := strconv.Atoi(v)
	if !ok || err != nil || n < 1 || n > maxScriptArgs {
		return 0, false, false
	}
	return n - 1, shifted, true
}

// envMarker is the word a variable the script never sets holds while
// it is summarized: the caller's environment gives it.
func envMarker(name string) string { return envMarkerPrefix + name + "__" }

const envMarkerPrefix = "__leasegate_env_"

// envOf is the variable an environment marker stands for.
func envOf(a scanner.Arg) (string, bool) {
	v, ok := strings.CutPrefix(a.Value, envMarkerPrefix)
	if !ok || !a.Known {
		return "", false
	}
	v, ok = strings.CutSuffix(v, "__")
	return v, ok && syntax.ValidName(v)
}

// envMarkerRE is an environment marker inside a word.
var envMarkerRE = regexp.MustCompile(envMarkerPrefix + `[A-Za-z_][A-Za-z0-9_]*__`)

// embeddedEnv is a word holding environment markers as the scan reads
// it: one marker alone stays (the caller may give the variable), a marker
// inside a longer word (`"$DIR/x.sh"`) is an unknown stretch, as it is
// outside a summary.
func embeddedEnv(s string) string {
	if m := envMarkerRE.FindString(s); m == s {
		return s
	}
	return envMarkerRE.ReplaceAllString(s, unknown)
}

// shiftedName keys, in env, the positional parameters as read after a
// `shift` (see scan.afterShift).
const shiftedName = "@shifted"

// shiftStart is the offset from which the text's positional parameters
// are read as shifted: its first `shift` command outside a function
// (a function shifts its own), or the start of a loop holding one; -1
// when it has none.
func shiftStart(f *syntax.File) int {
	var shifts []int
	var loops [][2]int
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.FuncDecl:
			return false
		case *syntax.WhileClause, *syntax.ForClause:
			loops = append(loops, [2]int{int(n.Pos().Offset()), int(n.End().Offset())})
		case *syntax.CallExpr:
			if len(n.Args) > 0 && n.Args[0].Lit() == "shift" {
				shifts = append(shifts, int(n.Pos().Offset()))
			}
		}
		return true
	})
	at := -1
	for _, o := range shifts {
		for _, l := range loops {
			if o >= l[0] && o < l[1] {
				o = min(o, l[0])
			}
		}
		if at < 0 || o < at {
			at = o
		}
	}
	return at
}

// shifts reports whether a function's body shifts its arguments.
func shifts(body *syntax.Stmt) bool {
	found := false
	syntax.Walk(body, func(n syntax.Node) bool {
		if c, ok := n.(*syntax.CallExpr); ok && len(c.Args) > 0 && c.Args[0].Lit() == "shift" {
			found = true
		}
		_, fd := n.(*syntax.FuncDecl)
		return !found && !fd
	})
	return found
}

// afterShift reports whether a positional parameter read at pe is read
// after a shift: in a string eval runs (wherever it is), or past the
// text's first shift.
func (s *scan) afterShift(pe *syntax.ParamExp) bool {
	if s.vars[shiftedName] == nil {
		return false
	}
	return s.nested || s.shiftAt >= 0 && int(pe.Pos().Offset()) >= s.shiftAt
}

// shiftedArgs is argv (a function's arguments) as the function reads
// them after it shifts: the script's parameters in it become shifted
// ones, which stand for every later argument too.
func shiftedArgs(argv []scanner.Arg) []scanner.Arg {
	out := append([]scanner.Arg(nil), argv...)
	for i, a := range out {
		if k, _, ok := markerOf(a); ok {
			out[i].Value = shiftMarker(k)
		}
	}
	return out
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
	if !refersToArgs(src) && !strings.Contains(src, optargName) && !strings.Contains(src, "$") {
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

// judgeShifted judges what a function that shifts its arguments runs
// past its first: every suffix of args, up to the first of the script's
// parameters among them, read as shifted (it stands for the later ones
// too). Arguments past MaxShiftOffsets are not judged, which is reported
// when one names a runtime.
// judgeDropped judges what function name, which shifts its arguments,
// runs of args: past exactly the count it drops when that is known
// (exactShift) and no caller's parameter stands before it, else every
// suffix past the first (judgeShifted).
func (s *scan) judgeDropped(name string, args []scanner.Arg, cls scanner.Class, depth int) {
	k, ok := s.shiftBy[name]
	if ok && k > 0 && !slices.ContainsFunc(args[:min(k, len(args))], func(a scanner.Arg) bool {
		_, _, m := markerOf(a)
		return m
	}) {
		if k < len(args) {
			s.judge(args[k:], cls, depth)
		}
		return
	}
	if len(args) > 1 {
		s.judgeShifted(args[1:], cls, depth)
	}
}

func (s *scan) judgeShifted(args []scanner.Arg, cls scanner.Class, depth int) {
	for i := range args {
		if i == scanner.MaxShiftOffsets {
			if s.passesRuntime(args[i:]) {
				s.p.ReportUnparseable(args[i].Pos, fmt.Sprintf("a function that shifts its arguments is given more than %d; the later ones are not judged", scanner.MaxShiftOffsets))
			}
			return
		}
		s.judge(shiftedArgs(args[i:]), cls, depth)
		if _, _, ok := markerOf(args[i]); ok {
			return
		}
	}
}

// summarizeText scans text with the positional parameters params,
// recording the sinks it finds into sum.
func summarizeText(p *scanner.Pass, text string, lang syntax.LangVariant, params fields, sum *scanner.Summary) error {
	vars := env{}
	vars.add(positionalName, params)
	if strings.Contains(text, "shift") {
		// after a shift (of any count), the parameters are every
		// suffix of the caller's arguments
		shifted := make(fields, maxScriptArgs)
		for k := range shifted {
			shifted[k] = val{s: shiftMarker(k)}
		}
		vars.add(shiftedName, shifted)
	}
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
	for _, in := range cmdline.Unwrap(scanner.Words(argv)).Inners {
		var k int
		var ok, shifted bool
		role := scanner.SinkProgram
		at := in.Start
		switch in.Kind {
		case cmdline.KindArgv:
			if in.Start < 0 || in.Start >= len(argv) {
				continue
			}
			if name, ok := envOf(argv[in.Start]); ok {
				note := fmt.Sprintf("`%s` runs `$%s` from its environment", path.Base(s.p.Path), name)
				s.addArgSink(scanner.Sink{Param: scanner.ParamEnv, Name: name, Role: scanner.SinkProgram}, argv[in.Start].Pos, note, cls)
				continue
			}
			if k, shifted, ok = markerOf(argv[in.Start]); !ok {
				continue
			}
			n := 1
			for in.Start+n < in.End {
				j, sh, ok := markerOf(argv[in.Start+n])
				if !ok || sh != shifted || j != k+n {
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
			if k, shifted, ok = markerOf(scanner.Arg{Value: first, Known: true}); !ok {
				continue
			}
			role, at = scanner.SinkShell, in.Arg
		case cmdline.KindPackage:
			s.templateSink(argv, in, cls)
			continue
		default:
			continue
		}
		if at < 0 || at >= len(argv) {
			continue
		}
		note := fmt.Sprintf("`%s` runs its argument $%d", path.Base(s.p.Path), k+1)
		switch {
		case role == scanner.SinkArgv:
			note = fmt.Sprintf("`%s` runs its arguments", path.Base(s.p.Path))
		case role == scanner.SinkShell:
			note = fmt.Sprintf("`%s` hands its argument $%d to a shell", path.Base(s.p.Path), k+1)
		}
		if shifted {
			note += " (after a shift: any of them)"
		}
		s.addArgSink(scanner.Sink{Param: k, Role: role, Shift: shifted}, argv[at].Pos, note, cls)
	}
}

// templateSink records, while a script is summarized, a package runner
// whose package (or a package option's value) is one of the script's
// parameters (`exec npx -y "$@"`): the caller's arguments are put in
// its words (SinkTemplate), and the package runner judged with them.
func (s *scan) templateSink(argv []scanner.Arg, in cmdline.Inner, cls scanner.Class) {
	first := -1
	for _, i := range append([]int{in.Start}, in.Packages...) {
		if i >= 0 && i < len(argv) {
			if _, _, ok := markerOf(argv[i]); ok && (first < 0 || i < first) {
				first = i
			}
		}
	}
	if first < 0 {
		return
	}
	sink := scanner.Sink{Role: scanner.SinkTemplate, Param: -1}
	for i := 0; i < len(argv); i++ {
		k, shifted, ok := markerOf(argv[i])
		if !ok {
			sink.Slots = append(sink.Slots, scanner.Slot{Arg: argv[i], Param: -1})
			continue
		}
		// "$@" from k on: the markers up to the last, in order
		n := 1
		for i+n < len(argv) {
			j, sh, ok := markerOf(argv[i+n])
			if !ok || sh != shifted || j != k+n {
				break
			}
			n++
		}
		rest := i+n == len(argv) && k+n == maxScriptArgs
		if !rest {
			n = 1
		}
		sink.Slots = append(sink.Slots, scanner.Slot{Param: k, Rest: rest, Shift: shifted})
		sink.Shift = sink.Shift || shifted
		if sink.Param < 0 || k < sink.Param {
			sink.Param = k
		}
		i += n - 1
	}
	k, _, _ := markerOf(argv[first])
	note := fmt.Sprintf("`%s` hands its argument $%d to a package runner", path.Base(s.p.Path), k+1)
	s.addArgSink(sink, argv[first].Pos, note, cls)
}

// addArgSink records a sink of the script being summarized at pos (in
// this file), with the chain into it.
func (s *scan) addArgSink(sink scanner.Sink, pos scanner.Pos, note string, cls scanner.Class) {
	rec := s.shared.rec
	if len(s.chain) > 0 {
		note = fmt.Sprintf("`%s` hands its arguments to `%s`", path.Base(s.p.Path), path.Base(s.chain[0].File))
	}
	steps := append([]scanner.Step{{File: s.p.Path, Line: pos.Line, Column: pos.Column, Note: note}}, s.chain...)
	sink.At, sink.Via = steps[len(steps)-1], steps[:len(steps)-1]
	if cls == scanner.ClassEval && sink.Role != scanner.SinkShell {
		sink.Class = cls
	}
	if len(steps) > scanner.MaxLinkDepth || !rec.sum.AddSink(scanner.ScriptArgs, sink) {
		rec.sum.Truncated = true
	}
}

// scriptCalls judges the scripts of the repository an argv runs by path
// with the arguments it gives them (in the repository phase); before it,
// a call giving a script an argument that names a runtime is noted
// (Pass.Needs) so that the file is scanned again.
func (s *scan) scriptCalls(argv []scanner.Arg, cls scanner.Class, depth int) {
	s.envScriptCalls(argv, cls, depth)
	if len(argv) < 2 || !mayRunScript(argv) || !s.passesRuntime(argv[1:]) {
		return
	}
	for _, r := range scriptRuns(argv) {
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
			all, cut := k.Derived(r.Args)
			if cut {
				s.unjudgedScript(r, ex.File)
			}
			if len(all) > 0 {
				s.judgeInScript(r, ex.File, k, all, cls, depth)
			}
		}
	}
}

// judgeInScript judges the argvs the sink k of a script (file) runs
// for the call r, with the chain into the script; past MaxLinkDepth the
// call cannot be judged.
func (s *scan) judgeInScript(r scanner.ScriptRun, file string, k scanner.Sink, argvs [][]scanner.Arg, cls scanner.Class, depth int) {
	chain := append(append([]scanner.Step(nil), s.chain...), k.Chain()...)
	if len(chain) > scanner.MaxLinkDepth {
		s.unjudgedScript(r, file)
		return
	}
	old := s.chain
	s.chain = chain
	if k.Class != "" {
		cls = k.Class
	}
	for _, argv := range argvs {
		mark := s.p.Mark()
		s.judge(argv, cls, depth+1)
		s.p.AddChain(mark, chain)
	}
	s.chain = old
}

// envScriptCalls judges the scripts of the repository an argv runs by
// path with the variables this text sets that name a runtime (`export
// AGENT=claude; ./step.sh` where step.sh runs "$AGENT" and never sets
// it): the environment it hands them. Whether a variable is exported is
// not followed: any the text sets is taken to reach the script.
func (s *scan) envScriptCalls(argv []scanner.Arg, cls scanner.Class, depth int) {
	if !slices.ContainsFunc(argv, func(a scanner.Arg) bool { return a.Known && strings.IndexByte(a.Value, '/') >= 0 }) {
		return
	}
	if s.shared.rec != nil && s.p.Imports != nil {
		s.passEnv(argv)
	}
	vars := s.runtimeVars()
	if len(vars) == 0 && !slices.ContainsFunc(argv, s.setsRuntimeVar) {
		return
	}
	for _, r := range scriptRuns(argv) {
		vars := s.withArgvEnv(vars, argv, r.At)
		if s.p.Imports == nil {
			s.p.Needs = append(s.p.Needs, r.Spec)
			s.offerScriptEnv(r, vars)
			continue
		}
		ex, ok := s.p.Imports.Script(r.Spec)
		if !ok {
			continue
		}
		if ex.Dynamic {
			s.unjudgedScript(r, ex.File)
			continue
		}
		for _, k := range ex.Sinks {
			vals, ok := vars[k.Name]
			if k.Param != scanner.ParamEnv || !ok {
				continue
			}
			argvs := make([][]scanner.Arg, len(vals))
			for i, v := range vals {
				argvs[i] = []scanner.Arg{{Value: v, Known: true, Via: scanner.ClassVariableExecution, Pos: r.At}}
			}
			s.judgeInScript(r, ex.File, k, argvs, cls, depth)
		}
	}
}

// offerScriptEnv offers the variables vars (this text's, and those the
// words before the script set) that name a runtime to the code of a
// script of another language the line runs (`AGENT=claude node
// scripts/run.js`, `cross-env AGENT=pi python tools/x.py`): its process
// inherits them, and a TS/JS or Python file reads its environment the way
// it reads a dotenv file's (Summary.Env, EnvAnyLanguage), whatever names
// the file. A shell script of the repository is judged where it is run
// (its ParamEnv sinks), not offered the variables.
func (s *scan) offerScriptEnv(r scanner.ScriptRun, vars map[string][]string) {
	if len(vars) == 0 || !scanner.ForeignScript(r.Spec) {
		return
	}
	sum := s.p.Summary
	if sum == nil {
		sum = &scanner.Summary{}
	}
	if sum.Truncated {
		return
	}
	sum.EnvAnyLanguage = true
	for _, name := range slices.Sorted(maps.Keys(vars)) {
		if !syntax.ValidName(name) {
			continue
		}
		if !sum.AddEnv(name, scanner.Const{Vals: vars[name], At: r.At}) {
			// a bound reached is reported, never silent
			sum.Truncated = true
			s.p.ReportUnparseable(r.At, fmt.Sprintf("more than %d variables of this file hold a runtime: the rest are not offered to the scripts it runs, so their launches cannot be checked", scanner.MaxSummaryEntries))
			break
		}
	}
	s.p.Summary = sum
	if s.p.Language != Name {
		// a data file's summary is this one (a shell file's is made by
		// Summarize)
		s.p.Module = sum
	}
}

// setsRuntimeVar reports an argv word that sets a variable to a value
// naming a runtime for the program it runs (`env AGENT=claude ...`).
func (s *scan) setsRuntimeVar(a scanner.Arg) bool {
	name, v, ok := strings.Cut(a.Value, "=")
	return ok && a.Known && syntax.ValidName(name) && s.p.Config.MentionsRuntime([]byte(v))
}

// withArgvEnv is vars with the variables the words of argv before the
// script at at set to a value naming a runtime (`env -u CI AGENT=claude
// bash ./step.sh`, `sudo AGENT=claude ./step.sh`): every such word is
// taken to be an assignment the program that runs the script makes.
func (s *scan) withArgvEnv(vars map[string][]string, argv []scanner.Arg, at scanner.Pos) map[string][]string {
	var out map[string][]string
	for _, a := range argv {
		if a.Pos == at {
			break
		}
		if !s.setsRuntimeVar(a) {
			continue
		}
		if out == nil {
			out = maps.Clone(vars)
			if out == nil {
				out = map[string][]string{}
			}
		}
		name, v, _ := strings.Cut(a.Value, "=")
		if !slices.Contains(out[name], v) {
			out[name] = append(slices.Clip(out[name]), v)
		}
	}
	if out == nil {
		return vars
	}
	return out
}

// passEnv records, while a script is summarized, the environment
// variables a script it runs by path runs that this one does not set:
// they are this script's caller's too.
func (s *scan) passEnv(argv []scanner.Arg) {
	for _, r := range scriptRuns(argv) {
		ex, ok := s.p.Imports.Script(r.Spec)
		if !ok || ex.Dynamic {
			continue
		}
		for _, k := range ex.Sinks {
			if k.Param != scanner.ParamEnv || s.vars[k.Name] != nil {
				continue
			}
			old := s.chain
			s.chain = k.Chain()
			note := fmt.Sprintf("`%s` runs `$%s` from its environment", path.Base(s.p.Path), k.Name)
			s.addArgSink(scanner.Sink{Param: scanner.ParamEnv, Name: k.Name, Role: scanner.SinkProgram}, r.At, note, "")
			s.chain = old
		}
	}
}

// runtimeVars are the variables this text sets to a value naming a
// runtime, with those values (computed once).
func (s *scan) runtimeVars() map[string][]string {
	if s.envVals != nil {
		return *s.envVals
	}
	out := map[string][]string{}
	s.envVals = &out
	for name, set := range s.vars {
		if !syntax.ValidName(name) || set == nil {
			continue
		}
		for _, f := range set.list {
			if len(f) != 1 || !f[0].known() || !s.p.Config.MentionsRuntime([]byte(f[0].s)) {
				continue
			}
			out[name] = append(out[name], f[0].s)
		}
	}
	for _, v := range out {
		slices.Sort(v)
	}
	return out
}

// mayRunScript is a cheap test before ScriptRuns: some known word but the
// last is a path or names a shell.
func mayRunScript(argv []scanner.Arg) bool {
	if argv[0].Known && argv[0].Value != "" {
		// a bare name may be a script of the repository on PATH
		// (scanner.PathScript)
		return true
	}
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
		// as a word (NamesRuntime): `pipescan` or `apiKey` given to a
		// script hold `pi` only inside a longer word, which no command
		// word is cut from
		if a.Value != "" && s.p.Config.NamesRuntime([]byte(a.Value)) {
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

// scriptRuns is scanner.ScriptRuns for a command the shell runs: a bare
// command word that names one of bash's builtins is run by the shell
// itself, ahead of any file of that name on PATH, so it is no script of
// the repository (`set -eo pipefail` beside a `plugins/x/subcommands/set`
// script). Behind a wrapper (`env set`, `sudo set`) the name is looked up
// on PATH, and stays one.
func scriptRuns(argv []scanner.Arg) []scanner.ScriptRun {
	runs := scanner.ScriptRuns(argv)
	if len(argv) == 0 || !argv[0].Known || !bashBuiltins[argv[0].Value] {
		return runs
	}
	out := runs[:0]
	for _, r := range runs {
		if r.Spec == scanner.PathScript+argv[0].Value && r.At == argv[0].Pos {
			continue
		}
		out = append(out, r)
	}
	return out
}

// bashBuiltins are the commands bash runs itself (`help -s`), keywords
// aside: a file of one of these names on PATH is not what they run.
var bashBuiltins = map[string]bool{
	":": true, ".": true, "[": true, "alias": true, "bg": true, "bind": true, "break": true,
	"builtin": true, "caller": true, "cd": true, "command": true, "compgen": true, "complete": true,
	"compopt": true, "continue": true, "declare": true, "dirs": true, "disown": true, "echo": true,
	"enable": true, "eval": true, "exec": true, "exit": true, "export": true, "false": true, "fc": true,
	"fg": true, "getopts": true, "hash": true, "help": true, "history": true, "jobs": true, "kill": true,
	"let": true, "local": true, "logout": true, "mapfile": true, "popd": true, "printf": true,
	"pushd": true, "pwd": true, "read": true, "readarray": true, "readonly": true, "return": true,
	"set": true, "shift": true, "shopt": true, "source": true, "suspend": true, "test": true,
	"times": true, "trap": true, "true": true, "type": true, "typeset": true, "ulimit": true,
	"umask": true, "unalias": true, "unset": true, "wait": true,
}
