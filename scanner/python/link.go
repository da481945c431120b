package python

import (
	"fmt"
	"path"
	"strings"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

// The Python side of the repository phase (docs/repository.md): what a
// module offers the modules that import it (constants naming a runtime,
// functions whose parameters reach a process API, names it imports and so
// re-exports), and the judgement of a call site with what its imports
// bring in.

var _ scanner.Linker = Detector{}

// linkState is one file's part in the repository phase.
type linkState struct {
	sum     scanner.Summary
	helpers []helperCall
	used    []scanner.Step // imported constants read while judging one call
}

// helperCall is a call of a function that is not a process API.
type helperCall struct {
	n      int32
	name   string
	callee value
	pos    []int32
	kw     value
}

// Resolve implements scanner.Linker: relative imports (`.mod`, `..pkg`)
// from the importing file's package, absolute ones from the nearest folder
// above it (or the root, or src/) that holds the module, as a module file
// or a package's __init__.py.
func (Detector) Resolve(from, spec string, exists func(string) bool) (string, bool) {
	if spec == "" {
		return "", false
	}
	dots := len(spec) - len(strings.TrimLeft(spec, "."))
	parts := strings.Split(strings.TrimLeft(spec, "."), ".")
	if parts[0] == "" {
		parts = nil
	}
	try := func(dir string) (string, bool) {
		p := path.Join(append([]string{dir}, parts...)...)
		for _, c := range []string{p + ".py", path.Join(p, "__init__.py"), p + ".pyi"} {
			if exists(c) {
				return c, true
			}
		}
		return "", false
	}
	dir := path.Dir(from)
	if dots > 0 {
		for i := 1; i < dots; i++ {
			if dir == "." {
				return "", false
			}
			dir = path.Dir(dir)
		}
		return try(dir)
	}
	for d := dir; ; d = path.Dir(d) {
		if r, ok := try(d); ok {
			return r, true
		}
		if d == "." {
			break
		}
	}
	return try("src")
}

// Summarize implements scanner.Linker.
func (d Detector) Summarize(p *scanner.Pass) (*scanner.Summary, error) {
	p.Language = "python"
	t, err := grammarPython.ParseFile(p.Src)
	if err != nil {
		return nil, err
	}
	defer t.Release()
	a := newAnalyzer(t, p)
	a.collect()
	for i := int32(0); i < int32(len(t.Nodes)); i++ {
		if t.Nodes[i].Kind != kCall {
			continue
		}
		fn := t.Child(i, fFunction)
		if fn == none || !a.worthEvaluating(fn) {
			continue
		}
		pos, kw := a.callArgs(i)
		callee := a.ev.Eval(fn)
		if !a.noteHelper(i, fn, callee, pos, kw, false) {
			a.noteCall(i, callee, pos, kw)
		}
	}
	a.fixedPoint()
	a.summarizeNames()
	return &a.link.sum, nil
}

func newAnalyzer(t *tree, p *scanner.Pass) *analyzer {
	a := &analyzer{t: t, p: p, scopes: treesitter.NewScopes[binding](t, kFunction, kLambda), selfAttrs: map[string][]int32{}, muts: map[string][]mutation{},
		mutating: map[string]bool{}}
	a.ev = treesitter.NewEvaluator(t, p.Config, a.scopes, treesitter.Lang[binding](a), evalShape)
	return a
}

// summarizeNames records the module-level constants whose strings name a
// runtime, and the names the module imports (which importers may take
// from it: a package's __init__ re-exports).
func (a *analyzer) summarizeNames() {
	for _, name := range a.scopes.ModuleNames() {
		bs := a.scopes.ModuleBindings(name)
		if len(bs) != 1 || bs[0].param {
			continue
		}
		b := bs[0]
		if b.ref {
			if len(b.path) == 1 {
				a.link.sum.AddReexport(name, scanner.Ref{Spec: b.mod, Name: b.path[0]})
			}
			continue
		}
		if b.value == none || b.each {
			continue
		}
		strs, _ := treesitter.Strings(a.ev.Eval(b.value))
		if len(strs) == 0 || !a.p.Config.MentionsRuntime([]byte(strings.Join(strs, " "))) {
			continue
		}
		a.link.sum.AddConst(name, scanner.Const{Vals: strs, At: a.t.Pos(b.name)})
	}
	a.link.sum.Stars = append(a.link.sum.Stars, a.relStars...)
}

func (a *analyzer) step(n int32, note string) scanner.Step {
	at := a.t.Pos(n)
	return scanner.Step{File: a.p.Path, Line: at.Line, Column: at.Column, Note: note}
}

// noteCall records the parameters of the function around a process API
// call that reach it, and the imports whose values reach it (Pass.Needs).
func (a *analyzer) noteCall(n int32, callee value, pos []int32, kw value) {
	kind := apiOf(callee)
	if kind == apiNone {
		return
	}
	at := a.step(n, "")
	first, firstNode := a.firstNode(pos, kw, "args")
	vals := []value{first}
	if first.K == vArr {
		vals = first.Elems
	}
	for _, v := range vals {
		if v.K == vRef && apiOf(v) == apiNone && !strings.HasPrefix(v.Mod, "#") {
			a.p.Needs = appendOnce(a.p.Needs, v.Mod)
		}
	}
	switch kind {
	case apiSubprocess, apiTrio, apiAnyio, apiPty:
		role := scanner.SinkArgv
		if s, ok := a.prop(kw, "shell"); ok {
			if on, known := s.Truthy(); on && known {
				role = scanner.SinkShell
			}
		}
		a.sinkParam(firstNode, scanner.Sink{Role: role, At: at})
	case apiShell, apiShellOut:
		a.sinkParam(firstNode, scanner.Sink{Role: scanner.SinkShell, At: at})
	case apiExecV, apiPosixSpawn:
		if len(pos) >= 1 {
			a.sinkParam(pos[0], scanner.Sink{Role: scanner.SinkProgram, At: at})
		}
		if len(pos) >= 2 {
			a.sinkParam(pos[1], scanner.Sink{Role: scanner.SinkArgv, At: at})
		}
	case apiExecArgs, apiPexpect:
		a.sinkParam(firstNode, scanner.Sink{Role: scanner.SinkProgram, At: at})
	}
}

// firstNode is the node of the first positional argument, or of the named
// keyword argument, and its value.
func (a *analyzer) firstNode(pos []int32, kw value, name string) (value, int32) {
	if len(pos) > 0 {
		return a.ev.Eval(pos[0]), pos[0]
	}
	if v, ok := a.prop(kw, name); ok {
		return v, v.Node
	}
	return value{}, none
}

func appendOnce(ss []string, s string) []string {
	for _, x := range ss {
		if x == s {
			return ss
		}
	}
	return append(ss, s)
}

// sinkParam records k on the function whose parameter expression n is (a
// command line a shell runs may be built from it with `+`).
func (a *analyzer) sinkParam(n int32, k scanner.Sink) bool {
	if k.Role == scanner.SinkShell {
		n = a.concatParam(n)
	}
	fn, idx, name, ok := a.paramOf(n)
	if !ok {
		return false
	}
	k.Param, k.Name = idx, name
	if k.At.Note == "" {
		k.At.Note = fmt.Sprintf("`%s` hands it to a process API", fn)
	}
	return a.link.sum.AddSink(fn, k)
}

// concatParam is the operand of a `+` chain at n that is a parameter, or n.
func (a *analyzer) concatParam(n int32) int32 {
	t := a.t
	for depth := 0; n != none && t.Nodes[n].Kind == kBinary && depth < 16; depth++ {
		l := t.Child(n, fLeft)
		if _, _, _, ok := a.paramOf(l); ok {
			return l
		}
		n = t.Child(n, fRight)
	}
	return n
}

// paramOf reports which parameter of a named function expression n is.
func (a *analyzer) paramOf(n int32) (fn string, idx int, name string, ok bool) {
	t := a.t
	for n != none && t.Nodes[n].Kind == kParen {
		n = t.Nodes[n].First
	}
	if n == none || t.Nodes[n].Kind != kIdentifier {
		return "", 0, "", false
	}
	bs, _, found := a.scopes.Lookup(t.Src[t.Nodes[n].Start:t.Nodes[n].End], n)
	if !found || len(bs) != 1 || !bs[0].param || bs[0].fn == "" || bs[0].each {
		return "", 0, "", false
	}
	return bs[0].fn, bs[0].index, t.Text(bs[0].name), true
}

// noteHelper records a call that is not a process API (a local or
// imported function); a call of another file's helper is judged here when
// judge is set. It reports whether the callee is such a function.
func (a *analyzer) noteHelper(n, fn int32, callee value, pos []int32, kw value, judge bool) bool {
	if callee.K != vFunc && !(callee.K == vRef && apiOf(callee) == apiNone && !strings.HasPrefix(callee.Mod, "#")) {
		return false
	}
	t := a.t
	name := ""
	switch t.Nodes[fn].Kind {
	case kIdentifier:
		name = t.Text(fn)
	case kAttribute:
		if at := t.Child(fn, fAttribute); at != none {
			name = t.Text(at)
		}
	}
	if name == "" {
		return true
	}
	a.link.helpers = append(a.link.helpers, helperCall{n: n, name: name, callee: callee, pos: pos, kw: kw})
	if judge && callee.K == vRef {
		if e, ok := a.imported(callee); ok {
			a.judgeHelper(n, name, e, pos, kw)
		}
	}
	return true
}

// imported is what another file of the repository offers as ref v: a
// name of the module (mod.NAME), or of a submodule (pkg.mod.NAME).
func (a *analyzer) imported(v value) (scanner.Export, bool) {
	if a.p.Imports == nil || len(v.Path) == 0 {
		return scanner.Export{}, false
	}
	// a package's member re-exported (Export.Extern) is not a value the
	// Python side follows
	if e, ok := a.p.Imports.Lookup(v.Mod, v.Path[0]); ok && len(e.Extern) == 0 {
		return e, true
	}
	if len(v.Path) > 1 {
		mod := v.Mod
		if !strings.HasSuffix(mod, ".") {
			mod += "."
		}
		mod += strings.Join(v.Path[:len(v.Path)-1], ".")
		return a.p.Imports.Lookup(mod, v.Path[len(v.Path)-1])
	}
	return scanner.Export{}, false
}

// importedConst is the value at node n of ref v when another file of the
// repository defines it as a constant.
func (a *analyzer) importedConst(v value, n int32) (value, bool) {
	if a.p.Imports == nil || len(v.Path) == 0 {
		return value{}, false
	}
	e, ok := a.imported(v)
	if !ok || len(e.Consts) == 0 && !e.Dynamic {
		return value{}, false
	}
	st := scanner.Step{File: e.File, Line: e.At.Line, Column: e.At.Column, Note: fmt.Sprintf("`%s` defined", e.Name)}
	dup := false
	for _, u := range a.link.used {
		dup = dup || u == st
	}
	if !dup {
		a.link.used = append(a.link.used, st)
	}
	return treesitter.FromExport(a.p.Config, e, n), true
}

// judgeHelper judges a call of another file's helper: the arguments at
// the parameters that reach its process API are the command.
func (a *analyzer) judgeHelper(n int32, name string, e scanner.Export, pos []int32, kw value) {
	t := a.t
	at := t.Pos(n)
	if e.Dynamic {
		if a.p.Config.MentionsRuntime(t.Src[t.Nodes[n].Start:t.Nodes[n].End]) {
			a.p.Report(scanner.Finding{Line: at.Line, Column: at.Column, Runtime: "unknown", Class: scanner.ClassDynamic,
				Message: fmt.Sprintf("`%s` from %s may launch a runtime named in its arguments, but following it reached a bound of the repository phase", name, e.File)})
		}
		return
	}
	var prog *value
	var progSink scanner.Sink
	for _, k := range e.Sinks {
		v, ok := a.prop(kw, k.Name)
		if !ok || k.Name == "" {
			if k.Param >= len(pos) || t.Nodes[pos[k.Param]].Kind == kListSplat {
				continue
			}
			v = a.ev.Eval(pos[k.Param])
		}
		chain := k.Chain()
		mark := a.p.Mark()
		switch {
		case k.Role == scanner.SinkProgram:
			if prog == nil {
				prog, progSink = &v, k
			}
			continue
		case k.Role == scanner.SinkShell && v.K == vStr:
			a.scanShell(v, v.Lit, at)
		case v.K == vStr && strings.ContainsAny(v.S, " \t;|&"):
			// a command line handed to an argv: only a shell runs it
			a.scanShell(v, v.Lit, at)
		default:
			a.judgeSeq(v, at)
		}
		a.p.AddChain(mark, chain)
	}
	if prog != nil {
		a.p.JudgeThrough(scanner.Command{Argv: []scanner.Arg{t.Arg(*prog)}, At: at, API: true, Alts: treesitter.AltArgs(t, prog.Alt)},
			append(append([]scanner.Step{}, progSink.Via...), progSink.At))
	}
}

// fixedPoint makes a helper of every function that hands its parameter
// to a helper's sink, round by round; a cap reached marks the summary
// truncated.
func (a *analyzer) fixedPoint() {
	if len(a.link.helpers) == 0 {
		return
	}
	for round := 0; ; round++ {
		if round == scanner.MaxFixedPoint {
			a.link.sum.Truncated = true
			return
		}
		changed := false
		for _, h := range a.link.helpers {
			var sinks []scanner.Sink
			file := a.p.Path
			if h.callee.K == vRef {
				if e, ok := a.imported(h.callee); ok {
					sinks, file = e.Sinks, e.File
				}
			} else {
				sinks = a.link.sum.Sinks[h.name]
			}
			for _, k := range sinks {
				arg := int32(none)
				if v, ok := a.prop(h.kw, k.Name); ok && k.Name != "" {
					arg = v.Node
				} else if k.Param < len(h.pos) {
					arg = h.pos[k.Param]
				}
				if k.Role == scanner.SinkShell {
					arg = a.concatParam(arg)
				}
				caller, _, _, ok := a.paramOf(arg)
				if !ok {
					continue
				}
				note := fmt.Sprintf("`%s` calls `%s`", caller, h.name)
				if file != a.p.Path {
					note += " of " + file
				}
				nk := k
				nk.Via = append([]scanner.Step{a.step(h.n, note)}, k.Via...)
				if len(nk.Via) > scanner.MaxLinkDepth {
					a.link.sum.Truncated = true
					continue
				}
				have := len(a.link.sum.Sinks[caller])
				a.sinkParam(arg, nk)
				changed = changed || len(a.link.sum.Sinks[caller]) > have
			}
		}
		if !changed {
			return
		}
	}
}

// Mentions implements scanner.Linker: an import names the module
// (`from .run import`, `pkg.run`, `import run`, `from run import`), or its
// package, whose __init__ may re-export it or be it, the same ways, or
// imports from a package by dots alone (`from . import`, `from ..
// import`), the only way to name the root's __init__.
func (Detector) Mentions(rel string) [][]byte {
	out := [][]byte{[]byte(". import")}
	names := func(n string) {
		out = append(out, []byte("."+n), []byte("import "+n), []byte("from "+n+" "), []byte("from "+n+"."))
	}
	if b := strings.TrimSuffix(strings.TrimSuffix(path.Base(rel), ".py"), ".pyi"); b != "__init__" {
		names(b)
	}
	if dir := path.Dir(rel); dir != "." {
		names(path.Base(dir))
	}
	return out
}
