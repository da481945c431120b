package python

import (
	"bytes"
	"fmt"
	"maps"
	"math"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/leasegate/leasegate/cmdline"
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
	via     []scanner.Step // the chain of the helper whose sink is being judged
	need    needState      // what needNames has read
	// dyn holds the imports (module and name, dynKey) whose lookup came
	// back dynamic (a bound of the repository phase), and the file each
	// names: a process API call that reads one is dynamic (cutReads).
	dyn map[string]string
	// partials are the functools.partial calls of the file's helpers
	// (partialOfHelper)
	partials []partialSite
	// looked memoizes the pass's Imports.Lookup answers (lookup).
	looked map[lookupKey]lookupAnswer
}

// lookupKey is one question to Imports.Lookup: the module as written and
// the name asked of it.
type lookupKey struct{ spec, name string }

// lookupAnswer is Imports.Lookup's answer to a lookupKey.
type lookupAnswer struct {
	e  scanner.Export
	ok bool
}

// lookup is a.p.Imports.Lookup, memoized for the pass. The evaluator asks
// the same import again at every site that reads it: on the Python of a
// real tree 457,000 lookups were 20,600 questions. The answer cannot
// differ within one pass: the summaries it reads change only between the
// repository phase's rounds (a pass lies within one), the values it
// reads again (scanner.NameLinker) are memoized by the repository, and a
// cut they meet is kept for the pass's Imports, which answers it
// dynamic again.
func (a *analyzer) lookup(spec, name string) (scanner.Export, bool) {
	k := lookupKey{spec, name}
	if ans, ok := a.link.looked[k]; ok {
		return ans.e, ans.ok
	}
	e, ok := a.p.Imports.Lookup(spec, name)
	if a.link.looked == nil {
		a.link.looked = map[lookupKey]lookupAnswer{}
	}
	a.link.looked[k] = lookupAnswer{e, ok}
	return e, ok
}

// helperCall is a call of a function that is not a process API.
type helperCall struct {
	n      int32
	name   string
	callee value
	pos    []int32
	kw     value
	// method: a method called through an instance of unknown class
	// (unknownMethod), whose sinks are those of every method of that
	// name of the repository (Imports.Method), from file onwards
	method *scanner.Export
}

// Resolve implements scanner.Linker: relative imports (`.mod`, `..pkg`)
// from the importing file's package, absolute ones from the nearest folder
// above it (or the root, or src/) that holds the module, as a module file
// or a package's __init__.py, other than the importing file itself.
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
		// not the importing file itself: `from json import loads` in a
		// package's json.py is the standard library's (a module that
		// imported its own names by its own name would fail, half made)
		if r, ok := try(d); ok && r != from {
			return r, true
		}
		if d == "." {
			break
		}
	}
	if r, ok := try("src"); ok && r != from {
		return r, true
	}
	return "", false
}

// Summarize implements scanner.Linker.
func (d Detector) Summarize(p *scanner.Pass) (*scanner.Summary, error) {
	p.Language = "python"
	_, _ = notebookPass(p)
	t, err := grammarPython.Borrow(p)
	if err != nil {
		return nil, err
	}
	defer grammarPython.Return(p, t)
	return summarize(t, p), nil
}

// summarize is Summarize over a parsed tree.
func summarize(t *tree, p *scanner.Pass) *scanner.Summary {
	a := newAnalyzer(t, p)
	a.summary = true
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
			a.contextLineSink(i, fn, callee)
		}
	}
	a.fixedPoint()
	a.summarizeNames()
	a.link.sum.Pending = a.pendingNames()
	a.link.sum.Values = a.valueNames()
	// a copy: the summary may outlive the analyzer (Pass.Module), which
	// holds the tree
	sum := a.link.sum
	return &sum
}

func newAnalyzer(t *tree, p *scanner.Pass) *analyzer {
	a := &analyzer{t: t, p: p, scopes: treesitter.NewScopes[binding](t, kFunction, kLambda), selfAttrs: map[string][]int32{}, muts: map[string][]mutation{},
		mutating: map[string]bool{}}
	a.ev = treesitter.NewEvaluator(t, p.Config, a.scopes, treesitter.Lang[binding](a), evalShape)
	a.ev.Seed = p.Hits.Seed() || p.Imports != nil
	return a
}

// summarizeNames records the module-level constants whose strings name a
// runtime (inside a dict, a namespace or a class too, and what a function
// returns), the names bound to a library's launching function, and the
// names the module imports (which importers may take from it: a package's
// __init__ re-exports).
func (a *analyzer) summarizeNames() {
	a.summarizeAPIs(false)
	a.summarizeEnv()
	a.summarizeShared()
	t := a.t
	// What a function returns and what a class, dict or namespace holds
	// are read only in a file that names a runtime in one piece (its
	// trigger): evaluating every function of every imported module cost
	// a fifth of the scan of a real tree.
	deep := a.p.Hits.Has(scanner.HitRuntime)
	instances := false
	for _, name := range a.scopes.ModuleNames() {
		bs := a.scopes.ModuleBindings(name)
		if len(bs) != 1 || slices.Contains(a.link.sum.APIs, name) {
			continue
		}
		b := bs[0]
		switch {
		case b.ref:
			if len(b.path) == 1 {
				a.link.sum.AddReexport(name, scanner.Ref{Spec: b.mod, Name: b.path[0]})
			}
		case b.param:
			if p := t.Nodes[b.name].Parent; deep && p != none && t.Nodes[p].Kind == kClass {
				a.summarizeClass(name, p)
				if !instances {
					// Child().bin with bin a field of a base class of
					// the file, C().argv a property: an instance of the
					// module has the attributes any of its classes give
					instances = true
					a.summarizeInstances()
				}
			}
		case b.value == none || b.each:
		case t.Nodes[b.value].Kind == kIdentifier && a.aliasImport(name, b.value):
			// run_agent = _r, with `from .a import run as _r`
		case t.Nodes[b.value].Kind == kFunction:
			// def agent_cmd(): return ["claude", "-p"]
			if deep {
				rv := a.ev.ReturnValue(b.value, b.name)
				a.summarizeValue(name+"()", rv, b.name, 0)
				if rv.K == vFunc && rv.Fn != none {
					// def outer(): return inner (or a lambda): what the
					// function it returns returns, `outer()()`
					a.summarizeValue(name+"()()", a.ev.ReturnValue(rv.Fn, b.name), b.name, 0)
				}
				if rv.K == vUnknown && !instances {
					// get_backend().command: a function returning an
					// instance not known statically
					instances = true
					a.summarizeInstances()
				}
			}
		default:
			if cls := a.instanceOf(b.value); deep && cls != none {
				// settings = Settings(): the module's instance, read by
				// importers as `settings.agent_bin` (or any instance's
				// attribute of that name, `*().agent_bin`: a property, a
				// base class's field)
				for attr, val := range a.classAttrs(cls) {
					a.summarizeValue(name+"."+attr, a.ev.Eval(val), val, 1)
				}
				continue
			}
			a.summarizeValue(name, a.changedAtEnd(a.ev.Eval(b.value), name, b.name), b.name, 0)
		}
	}
	a.summarizeParamChanges()
	a.link.sum.Stars = append(a.link.sum.Stars, a.relStars...)
	for i, m := range a.wildcards {
		// from pkg.proc import *: an absolute module may be one of the
		// repository (a library's launching module offers its APIs
		// above)
		if _, launch := launchingModule(m); !launch && a.scopes.Of(a.wildcardAt[i]) == none && !slices.Contains(a.link.sum.Stars, m) {
			a.link.sum.Stars = append(a.link.sum.Stars, m)
		}
	}
}

// pendingNames lists, sorted, the module-level names bound once whose
// value (a function's body, a class's) reads a name the file imports from
// a module that is not a library's launching one (`CMD = [*BASE, "-p"]`,
// `PATH = os.path.join(DIR, NAME)` with DIR and NAME imported, `def
// cmd(): return [*BASE]`), through other module-level names: the file
// alone cannot give their value (scanner.Summary.Pending). Past
// maxNeedNodes syntax nodes read every such name left is pending.
func (a *analyzer) pendingNames() []string {
	t := a.t
	var out []string
	// reads: 1 reads an import, 2 does not, 0 not yet known (or being
	// read: a name bound to itself reads nothing more)
	reads := map[int32]int8{}
	spent := 0
	var readsImport func(v int32) bool
	readsImport = func(v int32) bool {
		switch reads[v] {
		case 1:
			return true
		case 2, 3:
			return false
		}
		reads[v] = 3
		found := false
		end := t.Nodes[v].End
		for i := v; i < int32(len(t.Nodes)) && (i == v || t.Nodes[i].Start < end) && !found; i++ {
			if spent++; spent > maxNeedNodes {
				found = true
				break
			}
			nd := &t.Nodes[i]
			if nd.Kind != kIdentifier {
				continue
			}
			if p := nd.Parent; p != none && (t.Nodes[p].Kind == kAttribute || t.Nodes[p].Kind == kKeywordArgument) && nd.Field != fNone && t.Child(p, nd.Field) == i &&
				(nd.Field == fAttribute || nd.Field == fName) {
				continue // the member's or the keyword's name
			}
			bs, scope, ok := a.scopes.Lookup(t.Src[nd.Start:nd.End], i)
			if !ok || scope.Scope != none {
				continue
			}
			for _, b := range bs {
				switch {
				case b.ref:
					mod := normModule(b.mod)
					if _, launch := launchingModule(mod); mod != "" && !strings.HasPrefix(mod, "#") && !launch {
						found = true
					}
				case b.value == none || b.param || b.each:
				case t.Nodes[b.value].Kind == kFunction || t.Nodes[b.value].Kind == kLambda:
				default:
					found = found || readsImport(b.value)
				}
			}
		}
		reads[v] = 2
		if found {
			reads[v] = 1
		}
		return found
	}
	for _, name := range a.scopes.ModuleNames() {
		bs := a.scopes.ModuleBindings(name)
		if len(bs) != 1 {
			continue
		}
		b := bs[0]
		var v int32
		switch {
		case b.ref || b.each:
			continue
		case b.param:
			// a class: its attributes that may build a command
			// (keyed `Class.`: only its members are pending, not the
			// class, which importers call)
			if cls := pendingClass(t, b); cls != none && a.pendingAttrs(cls, readsImport) {
				out = append(out, name+".")
			}
			continue
		case b.value == none:
			continue
		case t.Nodes[b.value].Kind == kFunction:
			// a function returning a literal list, string or dict built
			// from an import (`return [*BASE, "-p"]`), as `name()`; not
			// one returning a name or a call: importers read what most
			// calls of another module's function return, and remaking
			// their summaries cost half the Python scan of a real tree
			if a.pendingReturn(b.value, readsImport) {
				out = append(out, name+"()")
			}
			continue
		case t.Nodes[b.value].Kind == kCall && isPartialCall(t, b.value):
			// run_agent = partial(subprocess.run, [AGENT, "-p"]): the
			// argument it binds (keyed as offerPartial offers it)
			if readsImport(b.value) {
				out = append(out, name+partialArg)
			}
			continue
		case !commandShaped(t, b.value):
			// an instance (`logger = logging.getLogger()`): likewise
			continue
		default:
			v = b.value
		}
		if readsImport(v) {
			out = append(out, name)
		}
	}
	return out
}

// valueNames lists the module-level names bound once to a value that is
// not a function, a class or an import (scanner.Summary.Values): a value
// of another module valued with its imports may read one.
func (a *analyzer) valueNames() []string {
	t := a.t
	var out []string
	for _, name := range a.scopes.ModuleNames() {
		bs := a.scopes.ModuleBindings(name)
		if len(bs) != 1 || bs[0].ref || bs[0].param || bs[0].each || bs[0].value == none {
			continue
		}
		if k := t.Nodes[bs[0].value].Kind; k == kFunction || k == kLambda || k == kClass || pendingClass(t, bs[0]) != none {
			continue
		}
		out = append(out, name)
	}
	return out
}

// commandShaped reports whether expression n may build a command from
// other values as written: a literal list, tuple, dict or string (an
// f-string), an operator (`BASE + [...]`, `DIR / "claude"`), a name or a
// member of one (`mod.BASE`, `OPTS["cmd"]`), a conditional, or a call of
// a builtin or a function that copies or joins (`list(BASE)`,
// `os.path.join(DIR, NAME)`, `" ".join(ARGV)`, `copy.deepcopy(OPTS)`).
// isPartialCall reports whether call n calls a function named
// `partial` (functools.partial, under any module name).
func isPartialCall(t *tree, n int32) bool {
	fn := t.Child(n, fFunction)
	if fn == none {
		return false
	}
	name := t.Text(fn)
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	return name == "partial"
}

func commandShaped(t *tree, n int32) bool {
	switch t.Nodes[n].Kind {
	case kList, kTuple, kDictionary, kString, kConcatenatedString, kBinary, kIdentifier, kAttribute, kSubscript, kConditional, kParen:
		return true
	case kCall:
		fn := t.Child(n, fFunction)
		if fn == none {
			return false
		}
		name := t.Text(fn)
		if i := strings.LastIndexByte(name, '.'); i >= 0 {
			name = name[i+1:]
		}
		return commandCalls[name]
	}
	return false
}

// commandCalls are the functions commandShaped reads as building a
// command from their arguments.
var commandCalls = map[string]bool{"list": true, "tuple": true, "str": true, "dict": true, "join": true, "copy": true, "deepcopy": true,
	"format": true, "Path": true, "PurePath": true, "fspath": true, "expanduser": true, "abspath": true, "split": true, "SimpleNamespace": true}

// pendingReturn reports whether function fn returns a literal list,
// tuple, dict or string, or an operator (`[*BASE, "-p"]`, `BASE + [p]`),
// that reads an import.
func (a *analyzer) pendingReturn(fn int32, readsImport func(int32) bool) bool {
	t := a.t
	end := t.Nodes[fn].End
	for i := fn + 1; i < int32(len(t.Nodes)) && t.Nodes[i].Start < end; i++ {
		if t.Nodes[i].Kind != kReturn || a.scopes.Of(i) != fn {
			continue
		}
		switch r := t.Nodes[i].First; {
		case r == none:
		case t.Nodes[r].Kind == kList || t.Nodes[r].Kind == kTuple || t.Nodes[r].Kind == kDictionary || t.Nodes[r].Kind == kString ||
			t.Nodes[r].Kind == kConcatenatedString || t.Nodes[r].Kind == kBinary:
			if readsImport(r) {
				return true
			}
		}
	}
	return false
}

// pendingAttrs reports whether a class attribute of class cls (a
// field's default, `argv = BASE + [...]`) is commandShaped and reads an
// import; its methods' returns are not pending (see pendingNames).
func (a *analyzer) pendingAttrs(cls int32, readsImport func(int32) bool) bool {
	for _, val := range a.classAttrs(cls) {
		if commandShaped(a.t, val) && readsImport(val) {
			return true
		}
	}
	return false
}

// pendingClass is the class binding b names, or none.
func pendingClass(t *tree, b binding) int32 {
	if b.name == none {
		return none
	}
	if p := t.Nodes[b.name].Parent; p != none && t.Nodes[p].Kind == kClass {
		return p
	}
	return none
}

var _ scanner.NameLinker = Detector{}

// SummarizeName implements scanner.NameLinker: the value of module-level
// name (a pending name, `Class` for its attributes, `fn()` for what the
// function returns, or a constant another module's pending value reads),
// evaluated with p.Imports, every string kept. Only that name is
// evaluated: what else the module holds does not matter.
func (d Detector) SummarizeName(p *scanner.Pass, name string) (*scanner.Summary, error) {
	p.Language = "python"
	_, _ = notebookPass(p)
	t, err := grammarPython.Borrow(p)
	if err != nil {
		return nil, err
	}
	defer grammarPython.Return(p, t)
	a := newAnalyzer(t, p)
	a.summary = true
	a.allConsts = true
	a.collect()
	a.summarizeName(name)
	sum := a.link.sum
	return &sum, nil
}

// summarizeName offers the value of module-level name (SummarizeName).
func (a *analyzer) summarizeName(name string) {
	if base, ok := strings.CutSuffix(name, partialArg); ok {
		// the argument a module-level partial binds (pendingNames)
		if bs := a.scopes.ModuleBindings(base); len(bs) == 1 && bs[0].value != none && !bs[0].ref && !bs[0].param && !bs[0].each {
			if v := a.ev.Eval(bs[0].value); v.K == vRef && v.Bound > 0 && launching(apiOf(v)) {
				a.partialBound(base, v, bs[0].name)
			}
		}
		return
	}
	fn := strings.HasSuffix(name, "()")
	bs := a.scopes.ModuleBindings(strings.TrimSuffix(name, "()"))
	if len(bs) != 1 {
		return
	}
	b := bs[0]
	switch {
	case b.param && !fn:
		if cls := pendingClass(a.t, b); cls != none {
			a.summarizeClass(name, cls)
		}
	case b.value == none || b.ref || b.each:
	case a.t.Nodes[b.value].Kind == kFunction || a.t.Nodes[b.value].Kind == kLambda:
		if !fn {
			return
		}
		rv := a.ev.ReturnValue(b.value, b.name)
		a.summarizeValue(name, rv, b.name, 0)
		if rv.K == vFunc && rv.Fn != none {
			a.summarizeValue(name+"()", a.ev.ReturnValue(rv.Fn, b.name), b.name, 0)
		}
	case fn || a.instanceOf(b.value) != none:
		// the module's instance: its attributes are its class's
	default:
		was := a.link.sum.Truncated
		a.summarizeValue(name, a.ev.Eval(b.value), b.name, 0)
		if !was && a.link.sum.Truncated && !a.ev.MayName(b.value) {
			// more entries than a summary holds (a generated table of
			// hundreds), but of literals alone, none naming a launch:
			// what was left out names nothing either, so the value is
			// not cut (an entry left out is then just unknown)
			a.link.sum.Truncated = false
		}
	}
}

// aliasImport offers module-level name, bound to the name n that an
// import binds (`run_agent = _r` with `from .a import run as _r`), as a
// re-export of what the import names; it reports whether n is one.
func (a *analyzer) aliasImport(name string, n int32) bool {
	t := a.t
	bs := a.scopes.ModuleBindings(t.Text(n))
	if len(bs) != 1 || !bs[0].ref || len(bs[0].path) != 1 {
		return false
	}
	a.link.sum.AddReexport(name, scanner.Ref{Spec: bs[0].mod, Name: bs[0].path[0], At: t.Pos(n)})
	return true
}

// aliasSinks offers, in phase two, another module's helper the file binds
// under a name of its own at module level (`from .a import run as
// run_agent`, `run_agent = _r`) as a helper of that name: the name is
// then a needle of the next round, so the files that call it by it are
// read (phase two looks for a helper by its name).
func (a *analyzer) aliasSinks() {
	if a.p.Imports == nil {
		return
	}
	t := a.t
	for _, name := range a.scopes.ModuleNames() {
		bs := a.scopes.ModuleBindings(name)
		if len(bs) != 1 {
			continue
		}
		b := bs[0]
		if !b.ref && b.value != none && t.Nodes[b.value].Kind == kIdentifier {
			// run_agent = _r
			if ib := a.scopes.ModuleBindings(t.Text(b.value)); len(ib) == 1 && ib[0].ref {
				b = ib[0]
			}
		}
		if !b.ref || len(b.path) != 1 || b.path[0] == name || !a.p.Imports.Hint([]byte(b.path[0])) {
			continue
		}
		e, ok := a.imported(value{K: vRef, Mod: b.mod, Path: b.path, Lit: none})
		if !ok {
			continue
		}
		for _, k := range e.Sinks {
			if k.Param >= 0 {
				a.link.sum.AddSink(name, k)
			}
		}
	}
}

// baseAttr is `self.name` at n, which the file never sets, when a base
// class of another module of the class around n sets it (a class
// attribute there: `AgentBase.binary`).
func (a *analyzer) baseAttr(n int32, name string) (value, bool) {
	t := a.t
	if a.p.Imports == nil {
		return value{}, false
	}
	sup := enclosingBases(t, n)
	if sup == none {
		return value{}, false
	}
	for c := t.Nodes[sup].First; c != none; c = t.Nodes[c].Next {
		if k := t.Nodes[c].Kind; k != kIdentifier && k != kAttribute {
			continue
		}
		base := a.ev.Eval(c)
		if base.K != vRef || apiOf(base) != apiNone || strings.HasPrefix(base.Mod, "#") || len(base.Path) == 0 {
			continue
		}
		r := base
		r.Path = treesitter.AppendPath(base.Path, name)
		if v, ok := a.importedConst(r, n); ok {
			return v, true
		}
	}
	return value{}, false
}

// enclosingBases is the superclass list of the class whose body holds
// node n, or none.
func enclosingBases(t *tree, n int32) int32 {
	for p := t.Nodes[n].Parent; p != none; p = t.Nodes[p].Parent {
		if t.Nodes[p].Kind == kClass {
			return t.Child(p, fSuperclasses)
		}
	}
	return none
}

// instanceOf is the class of the file that expression n constructs
// (`Settings()`, the class bound at module level), else none.
func (a *analyzer) instanceOf(n int32) int32 {
	t := a.t
	if n == none || t.Nodes[n].Kind != kCall {
		return none
	}
	fn := t.Child(n, fFunction)
	if fn == none || t.Nodes[fn].Kind != kIdentifier {
		return none
	}
	bs := a.scopes.ModuleBindings(t.Text(fn))
	if len(bs) != 1 || !bs[0].param || bs[0].name == none {
		return none
	}
	if cls := t.Nodes[bs[0].name].Parent; cls != none && t.Nodes[cls].Kind == kClass {
		return cls
	}
	return none
}

// anyReturn keys, in a summary, the attributes an instance of the file
// may have (`*().command`): what a function of the module returns when it
// is not known statically is any instance of the file
// (docs/repository.md, over-approximation).
const anyReturn = "*()"

// summarizeInstances offers the attributes the file gives any instance
// (self.x, class and dataclass fields, constructor arguments) that name
// a runtime, as members of anyReturn.
func (a *analyzer) summarizeInstances() {
	attrs := make([]string, 0, len(a.selfAttrs))
	for k := range a.selfAttrs {
		attrs = append(attrs, k)
	}
	slices.Sort(attrs)
	for _, k := range attrs {
		vals := a.selfAttrs[k]
		if !slices.ContainsFunc(vals, a.mayOffer) {
			continue // `self.n = 0`, `self.name = "x"`: nothing to offer
		}
		a.summarizeValue(anyReturn+"."+k, a.ev.Attr(k, vals, vals[0]), vals[0], 1)
	}
}

// mayOffer reports whether the value at n may be one summarizeValue
// offers: anything but a literal that is not a string, or a plain string
// literal naming no runtime and holding no piece of the primitive.
func (a *analyzer) mayOffer(n int32) bool {
	t := a.t
	switch t.Nodes[n].Kind {
	case kInteger, kFloat, kTrue, kFalse, kNone:
		return false
	case kString:
		if t.ChildKind(n, kInterpolation) != none {
			return true
		}
		txt := t.Src[t.Nodes[n].Start:t.Nodes[n].End]
		return a.p.Config.MentionsRuntime(txt) || bytes.Contains(txt, []byte("ermission")) || bytes.Contains(txt, []byte("angerous")) ||
			bytes.Contains(txt, []byte(scanner.BareMode))
	}
	return true
}

// maxConstDepth bounds how deep a constant's dicts and namespaces are
// followed (`AGENT["cmd"]` is one level); a deeper entry is not offered,
// and the summary says so (Truncated: its use is dynamic).
const maxConstDepth = 4

// summarizeValue records v, the value of the module's name key, when one
// of its strings names a runtime (any, for one name asked: allConsts): a string's possibilities, a list's
// elements in order, a dict's or a namespace's entries by path.
func (a *analyzer) summarizeValue(key string, v value, at int32, depth int) {
	t := a.t
	if (v.K == vArr || v.K == vObj) && !a.allConsts && !a.p.Hits.Has(scanner.HitRuntime) && !a.p.Hits.Has(scanner.HitPieces) {
		return // see summarizeNames
	}
	switch v.K {
	case vRef:
		// a functools.partial of a launching function (`def runner():
		// return partial(subprocess.run, ["claude"])`, a dict's entry):
		// the function, and what it binds
		a.offerPartial(key, v, at)
		return
	case vArr:
		elems := make([]string, len(v.Elems))
		for i, e := range v.Elems {
			elems[i] = a.elemString(e)
		}
		if a.allConsts || a.p.Config.MentionsRuntime([]byte(strings.Join(elems, " "))) || slices.ContainsFunc(elems, scanner.PrimitivePart) {
			a.link.sum.AddConst(key, scanner.Const{Vals: elems, List: true, At: a.t.Pos(at)})
		}
		a.summarizeElems(key, v, at, depth)
		return
	case vObj:
		if v.Obj == none || t.Nodes[v.Obj].Kind != kDictionary && t.Nodes[v.Obj].Kind != kArgumentList {
			return
		}
		if depth == maxConstDepth {
			// the members are not read: this constant is cut, not the
			// summary (a module of deep schema dicts has helpers whole),
			// when they may name a launch
			if a.ev.MayName(v.Obj) {
				a.link.sum.AddConst(key, scanner.Const{Cut: true, At: a.t.Pos(at)})
			}
			return
		}
		for c := t.Nodes[v.Obj].First; c != none; c = t.Nodes[c].Next {
			var k value
			switch t.Nodes[c].Kind {
			case kPair:
				k = a.ev.Eval(t.Child(c, fKey))
			case kKeywordArgument:
				if nm := t.Child(c, fName); nm != none {
					k = treesitter.Str(t.Text(nm), nm)
				}
			default:
				continue
			}
			if k.Known() && k.Alt == nil {
				if len(a.setsOn(v.Obj)[k.S]) > 0 {
					continue // with the entries set after it, below
				}
				a.summarizeValue(key+"."+k.S, a.ev.Eval(t.Child(c, fValue)), c, depth+1)
			}
		}
		a.summarizeSets(key, v, depth)
		return
	}
	strs := constStrings(v)
	if len(strs) == 0 || !a.allConsts && !a.p.Config.MentionsRuntime([]byte(strings.Join(strs, " "))) && !slices.ContainsFunc(strs, scanner.PrimitivePart) &&
		!slices.ContainsFunc(strs, shellScript) {
		return
	}
	a.link.sum.AddConst(key, scanner.Const{Vals: strs, At: a.t.Pos(at)})
}

// changedAtEnd is v, the list module-level name is bound to (at node n),
// with every in-place change the file makes to it applied, in a `for`
// too (`for n in ("claude", "pi"): AGENTS.append([n, "--print"])`): an
// importer reads the list once the module has run.
func (a *analyzer) changedAtEnd(v value, name string, n int32) value {
	if v.K != vArr || len(a.muts[name]) == 0 || a.mutating[name] {
		return v
	}
	a.mutating[name] = true
	v = a.applyMutations(v, a.muts[name], math.MaxUint32, n)
	delete(a.mutating, name)
	return v
}

// summarizeSets offers the entries the module sets on dict v (keyed key)
// after building it: `COMMANDS[name] = [name, "--print"]`, in a `for`
// over a literal tuple too (the loop variable is any of its elements, so
// each key is one and each value any), `d.update(k=...)`,
// `d.setdefault(k, v)`. An entry whose key is not known statically is
// offered as any member's (`COMMANDS.*`); a key with entries both in the
// literal and set later is the union of them. Past
// 4*MaxPossibilities entries the dict is cut (a look-up in it is
// dynamic), never left short.
func (a *analyzer) summarizeSets(key string, v value, depth int) {
	t := a.t
	sets := a.setsOn(v.Obj)
	if len(sets) == 0 {
		return
	}
	n := 0
	for _, name := range slices.Sorted(maps.Keys(sets)) {
		if name == updateKey {
			continue
		}
		seg := name
		if name == treesitter.AnyProp {
			seg = scanner.AnyMember
		}
		var vals []value
		at := sets[name][0]
		for c := t.Nodes[v.Obj].First; c != none; c = t.Nodes[c].Next {
			if t.Nodes[c].Kind != kPair {
				continue
			}
			if k := a.ev.Eval(t.Child(c, fKey)); k.Known() && k.Alt == nil && k.S == name {
				vals = append(vals, a.ev.Eval(t.Child(c, fValue)))
			}
		}
		for _, r := range sets[name] {
			if n++; n > 4*treesitter.MaxPossibilities {
				if a.ev.MayName(v.Obj) || a.ev.MayName(r) {
					a.link.sum.AddConst(key+"."+scanner.AnyMember, scanner.Const{Cut: true, At: t.Pos(r)})
				}
				return
			}
			vals = append(vals, a.ev.Eval(r))
		}
		a.summarizeValue(key+"."+seg, treesitter.Union(a.ev.Cfg, vals, at), at, depth+1)
	}
}

// paramChangeKey is the summary's name of the k-th in-place change
// module-level function fn makes to its parameter param
// (`with_program(#0)~0` for `def with_program(argv, prog):
// argv.insert(0, prog)`): its Vals are the list method, then each of its
// arguments, "#j" for the function's parameter j, "=S" for a known
// string, "?" for any other.
func paramChangeKey(fn string, param, k int) string {
	return fn + "(#" + strconv.Itoa(param) + ")~" + strconv.Itoa(k)
}

// summarizeParamChanges offers the in-place changes the module's
// functions make to their parameters by a list method that adds to them
// (`argv.insert(0, prog)`), when an argument is one of the function's
// parameters or names a runtime: another module's call of the function
// applies them to the name it passes (applyMutations, op "call"), as a
// call in the file does (passMutations).
func (a *analyzer) summarizeParamChanges() {
	t := a.t
	count := map[string]int{}
	for _, name := range slices.Sorted(maps.Keys(a.muts)) {
		for _, m := range a.muts[name] {
			op := listMethods[m.op]
			if t.Nodes[m.node].Kind != kCall || op == treesitter.ListReadOnly || op == 0 || m.value == none {
				continue
			}
			obj := a.mutationObject(m)
			if obj == none {
				continue
			}
			bs, _, ok := a.scopes.Lookup([]byte(name), obj)
			if !ok || len(bs) != 1 || !bs[0].param || bs[0].fn == "" || bs[0].method || bs[0].index < 0 || bs[0].star != 0 {
				continue
			}
			fn := bs[0].fn
			if fb := a.scopes.ModuleBindings(fn); len(fb) != 1 || fb[0].value == none || t.Nodes[fb[0].value].Kind != kFunction {
				continue
			}
			vals := []string{m.op}
			useful := false
			for c := t.Nodes[m.value].First; c != none; c = t.Nodes[c].Next {
				if t.Nodes[c].Kind == kIdentifier {
					if pb, _, ok := a.scopes.Lookup(t.Src[t.Nodes[c].Start:t.Nodes[c].End], c); ok && len(pb) == 1 && pb[0].param && pb[0].fn == fn && pb[0].index >= 0 && pb[0].star == 0 {
						vals = append(vals, "#"+strconv.Itoa(pb[0].index))
						useful = true
						continue
					}
				}
				if v := a.ev.Eval(c); v.Known() && v.Alt == nil && v.K == vStr {
					vals = append(vals, "="+v.S)
					useful = useful || a.p.Config.MentionsRuntime([]byte(v.S))
					continue
				}
				vals = append(vals, "?")
			}
			if !useful {
				continue
			}
			key := fn + "(#" + strconv.Itoa(bs[0].index) + ")"
			a.link.sum.AddConst(paramChangeKey(fn, bs[0].index, count[key]), scanner.Const{Vals: vals, At: t.Pos(m.node)})
			count[key]++
		}
	}
}

// maxSummaryElems bounds the elements of a list summarized one by one
// (summarizeElems).
const maxSummaryElems = 64

// summarizeElems records the members of the elements of list v that are
// dicts or instances of a class of the module with fields (a NamedTuple,
// a dataclass: `TOOLS = [Tool("claude", ("-p",))]`) as constants
// `key.i.member` (`TOOLS.1.bin`): a loop of another module over the list
// reads any element's (`for t in TOOLS: run([t.bin])`, TOOLS.*.bin). A
// list longer than maxSummaryElems whose text may name a launch is a cut
// constant (Const.Cut): a member read under it is dynamic.
func (a *analyzer) summarizeElems(key string, v value, at int32, depth int) {
	t := a.t
	if depth >= maxConstDepth {
		return
	}
	for i, e := range v.Elems {
		if i == maxSummaryElems {
			if v.Lit != none && a.ev.MayName(v.Lit) {
				a.link.sum.AddConst(key, scanner.Const{Cut: true, At: a.t.Pos(at)})
			}
			return
		}
		k := key + "." + strconv.Itoa(i)
		if e.K == vObj || e.K == vArr {
			// a dict, or a list of argvs (`[["claude", "-p"], ...]`,
			// `AGENTS.append([name, "-p"])`): each its own constant
			a.summarizeValue(k, e, at, depth+1)
			continue
		}
		call := e.Node
		if call == none || t.Nodes[call].Kind != kCall {
			continue
		}
		fn := t.Child(call, fFunction)
		if fn == none || t.Nodes[fn].Kind != kIdentifier {
			continue
		}
		fields := a.fields[t.Text(fn)]
		if len(fields) == 0 {
			continue
		}
		a.fieldArgs(call, fields, func(field string, val int32) {
			a.summarizeValue(k+"."+field, a.ev.Eval(val), val, depth+1)
		})
	}
}

// shellScript reports whether s names a shell script by path
// (`scripts/run.sh`): an importer that runs it with a runtime as argument
// hands the runtime to what the script does (scriptCalls).
func shellScript(s string) bool {
	return strings.HasSuffix(s, ".sh") || strings.HasSuffix(s, ".bash")
}

// primitiveConsts lists the module-level names whose value spells the
// raw primitive or a part of it (Summary.Primitives), read as
// summarizeNames reads them: the files that use one are read in phase
// two and judge it where they put it.
func (a *analyzer) primitiveConsts() {
	keep := a.link.sum
	a.link.sum = scanner.Summary{}
	a.summarizeNames()
	found := a.link.sum
	a.link.sum = keep
	a.link.sum.AddPrimitives(found.Consts)
}

// constStrings are the strings value v may be, as a constant offers them
// to other files: the known ones, and those with unknown parts (`Path.home()
// / ".claude" / "claude"` is "…/.claude/claude", UnknownPart standing for
// each part; treesitter.FromExport reads it back as such), so a value is
// carried across files in the forms the file's own scan reads.
func constStrings(v value) []string {
	var out []string
	for _, p := range v.Possibilities() {
		if p.Usable() {
			out = append(out, p.S)
		}
	}
	return out
}

// elemString is one element of a list constant: the possibility naming a
// runtime first (one with unknown parts too), else the first known one,
// else the first with unknown parts, else an unknown part.
func (a *analyzer) elemString(e value) string {
	first, partial := "", ""
	for _, p := range e.Possibilities() {
		if !p.Usable() {
			continue
		}
		if a.p.Config.MentionsRuntime([]byte(p.S)) {
			return p.S
		}
		switch {
		case p.Known() && first == "":
			first = p.S
		case !p.Known() && partial == "":
			partial = p.S
		}
	}
	switch {
	case first != "":
		return first
	case partial != "":
		return partial
	}
	return treesitter.UnknownPart
}

// summarizeClass records the class attributes of class cls (at module
// level, named name) as constants `name.attr`.
func (a *analyzer) summarizeClass(name string, cls int32) {
	for attr, val := range a.classAttrs(cls) {
		a.summarizeValue(name+"."+attr, a.ev.Eval(val), val, 1)
	}
	// Runner().build_command(): what a method returns, read through any
	// instance of the class; a subclass of the file may override it, so
	// every definition of that name in the class and its subclasses of
	// the file is a possibility (over-approximation)
	for meth, fns := range a.classMethods(name, cls) {
		vals := make([]value, 0, len(fns))
		for _, fn := range fns {
			vals = append(vals, a.ev.ReturnValue(fn, fn))
		}
		v := vals[0]
		if len(vals) > 1 {
			v = treesitter.Agree(a.p.Config, vals, fns[0])
		}
		a.summarizeValue(name+"()."+meth+"()", v, fns[0], 1)
	}
}

// classMethods are the methods class cls (named name) defines, and those
// of the same name that classes of the file deriving from it (directly or
// not, within MaxLinkDepth) define, by name.
func (a *analyzer) classMethods(name string, cls int32) map[string][]int32 {
	t := a.t
	out := map[string][]int32{}
	add := func(c int32) {
		body := t.Child(c, fBody)
		if body == none {
			return
		}
		for m := t.Nodes[body].First; m != none; m = t.Nodes[m].Next {
			f := m
			if t.Nodes[f].Kind == kDecorated {
				f = t.Child(f, fDefinition)
			}
			if f == none || t.Nodes[f].Kind != kFunction {
				continue
			}
			if nm := t.Child(f, fName); nm != none && !strings.HasPrefix(t.Text(nm), "__") {
				out[t.Text(nm)] = append(out[t.Text(nm)], f)
			}
		}
	}
	add(cls)
	for _, sub := range a.subclassesOf(name, cls) {
		add(sub)
	}
	for m, fns := range out {
		if len(fns) > treesitter.MaxReturns {
			delete(out, m) // too many definitions to agree on
			a.link.sum.Truncated = true
		}
	}
	return out
}

// subclassesOf are the classes of the file deriving from class cls
// (named name), directly or not, by name, within MaxLinkDepth levels.
func (a *analyzer) subclassesOf(name string, cls int32) []int32 {
	t := a.t
	if a.classes == nil {
		a.classes = []int32{}
		for i := int32(0); i < int32(len(t.Nodes)); i++ {
			if t.Nodes[i].Kind == kClass {
				a.classes = append(a.classes, i)
			}
		}
	}
	var out []int32
	names := map[string]bool{name: true}
	done := map[int32]bool{cls: true}
	for round := 0; round < scanner.MaxLinkDepth; round++ {
		grew := false
		for _, i := range a.classes {
			if done[i] || !a.derivesFrom(i, names) {
				continue
			}
			done[i], grew = true, true
			if nm := t.Child(i, fName); nm != none {
				names[t.Text(nm)] = true
			}
			out = append(out, i)
		}
		if !grew {
			break
		}
	}
	return out
}

// derivesFrom reports whether class cls names one of names as a base.
func (a *analyzer) derivesFrom(cls int32, names map[string]bool) bool {
	t := a.t
	sup := t.Child(cls, fSuperclasses)
	if sup == none {
		return false
	}
	for c := t.Nodes[sup].First; c != none; c = t.Nodes[c].Next {
		if t.Nodes[c].Kind == kIdentifier && names[t.Text(c)] {
			return true
		}
	}
	return false
}

// classAttrs are the attributes a class body assigns (`binary = "x"`),
// each with its value node (the last assignment wins).
func (a *analyzer) classAttrs(cls int32) map[string]int32 {
	t := a.t
	body := t.Child(cls, fBody)
	if body == none {
		return nil
	}
	out := map[string]int32{}
	for c := t.Nodes[body].First; c != none; c = t.Nodes[c].Next {
		st := c
		if t.Nodes[st].Kind != kAssignment {
			st = t.Nodes[c].First
		}
		if st == none || t.Nodes[st].Kind != kAssignment {
			continue
		}
		l, r := t.Child(st, fLeft), t.Child(st, fRight)
		if l != none && r != none && t.Nodes[l].Kind == kIdentifier && t.Nodes[r].Kind != kAssignment {
			out[t.Text(l)] = r
		}
	}
	return out
}

// summarizeAPIs records the module-level names bound to a library's
// launching function (`from claude_agent_sdk import query as ask`, `ask =
// claude_agent_sdk.query`, `from claude_agent_sdk import *`). needles
// keeps only those the repository phase searches other files for: the
// Agent SDK's and a process API bound under another name (a process API
// under its own name, `run`, would make every file that says `run` a
// candidate; docs/repository.md).
func (a *analyzer) summarizeAPIs(needles bool) {
	t := a.t
	add := func(name string, v value, at int32) {
		kind := apiOf(v)
		if !launching(kind) {
			return
		}
		member := strings.Join(v.Path, ".")
		if needles && kind != apiSDKQuery && kind != apiSDKClient && member == name {
			return
		}
		// the name is the library's member (Export.Extern for importers),
		// and a needle of the repository phase
		a.link.sum.AddReexport(name, scanner.Ref{Spec: v.Mod, Name: member, At: t.Pos(at)})
		a.link.sum.AddAPI(name)
	}
	for _, name := range a.scopes.ModuleNames() {
		bs := a.scopes.ModuleBindings(name)
		if len(bs) != 1 || bs[0].each {
			continue
		}
		b := bs[0]
		switch {
		case b.param:
			// class ReviewClient(ClaudeSDKClient): the SDK's client
			if p := t.Nodes[b.name].Parent; p != none && t.Nodes[p].Kind == kClass {
				if v := a.classValue(b.name, p); v.K == vRef {
					add(name, v, b.name)
				}
			}
		case b.ref && len(b.path) == 0:
			// import claude_agent_sdk as sdk: the module, whose members
			// an importer calls (`from helpers import sdk; sdk.query()`)
			sdk, ok := launchingModule(b.mod)
			if !ok {
				continue
			}
			a.link.sum.AddReexport(name, scanner.Ref{Spec: b.mod, At: t.Pos(b.name)})
			// a process module under its own name (`import subprocess`,
			// written in most files) is no needle; an alias or the SDK is
			if !needles || sdk || name != b.mod && !strings.HasPrefix(b.mod, name+".") {
				a.link.sum.AddAPI(name)
			}
		case b.ref:
			add(name, value{K: vRef, Mod: b.mod, Path: b.path}, b.name)
		case b.value != none && (t.Nodes[b.value].Kind == kAttribute || t.Nodes[b.value].Kind == kIdentifier):
			if v := a.ev.Eval(b.value); v.K == vRef {
				add(name, v, b.name)
			}
		case b.value != none && t.Nodes[b.value].Kind == kCall:
			// run_agent = functools.partial(subprocess.run, ["claude"]):
			// the function, and the first argument it binds
			if v := a.ev.Eval(b.value); v.K == vRef && v.Bound > 0 && launching(apiOf(v)) {
				add(name, v, b.name)
				a.partialBound(name, v, b.name)
			}
		case b.value != none && t.Nodes[b.value].Kind == kString:
			// SDK = "claude_agent_sdk": a name an importer may import
			// (`importlib.import_module(SDK)`), read in phase two
			v := a.ev.Eval(b.value)
			if _, ok := launchingModule(v.S); v.Known() && v.Alt == nil && ok {
				a.link.sum.AddConst(name, scanner.Const{Vals: []string{v.S}, At: t.Pos(b.name)})
				a.link.sum.AddAPI(name)
			}
		}
	}
	for i, m := range a.wildcards {
		if a.scopes.Of(a.wildcardAt[i]) != none {
			continue
		}
		for _, k := range apiKeys {
			mod, member, _ := strings.Cut(k, ":")
			if mod == m && !strings.ContainsAny(member, ".()") {
				add(member, value{K: vRef, Mod: mod, Path: []string{member}}, a.wildcardAt[i])
			}
		}
	}
}

// offerPartial offers key, a functools.partial v of a library's
// launching function, to importers: the function (a re-export of it, and
// a needle of phase two: the module-level name key starts with), and the
// first argument it binds under key+partialArg.
func (a *analyzer) offerPartial(key string, v value, at int32) {
	t := a.t
	if v.K != vRef || v.Bound <= 0 || !launching(apiOf(v)) {
		return
	}
	a.link.sum.AddReexport(key, scanner.Ref{Spec: v.Mod, Name: strings.Join(v.Path, "."), At: t.Pos(at)})
	name, _, _ := strings.Cut(strings.TrimSuffix(strings.TrimSuffix(key, "()"), "()"), ".")
	a.link.sum.AddAPI(name)
	a.partialBound(key, v, at)
}

// partialNeedles are the names of m's APIs that offerPartial offered
// inside a value (`runner()`, `RUNNERS.agent`): a re-export keyed under
// the name, not the name itself.
func partialNeedles(m *scanner.Summary) []string {
	var out []string
	for _, name := range m.APIs {
		for key := range m.Reexports {
			if len(key) > len(name) && strings.HasPrefix(key, name) && (key[len(name)] == '(' || key[len(name)] == '.') {
				out = append(out, name)
				break
			}
		}
	}
	return out
}

// partialBound offers the first argument partial v binds (its first
// after the function, or args=) under key+partialArg, when it names a
// runtime.
func (a *analyzer) partialBound(key string, v value, at int32) {
	t := a.t
	bp, bkw := a.callArgs(v.Bound)
	if len(bp) > 1 && t.Nodes[bp[1]].Kind != kListSplat {
		a.summarizeValue(key+partialArg, a.ev.Eval(bp[1]), at, 1)
	} else if arg, ok := a.prop(bkw, "args"); ok && len(bp) == 1 {
		a.summarizeValue(key+partialArg, arg, at, 1)
	}
}

// partialArg keys, in a summary, the first argument a functools.partial
// of a library's launching function binds (`run_agent(partial)`), when it
// names a runtime.
const partialArg = "(partial)"

// launchingModule reports whether module mod has a member that launches
// (a process API, the Agent SDK), and whether that is the Agent SDK.
func launchingModule(mod string) (sdk, ok bool) {
	for _, k := range apiKeys {
		m, _, _ := strings.Cut(k, ":")
		if m == mod && launching(apis[k]) {
			ok = true
			sdk = sdk || apis[k] == apiSDKQuery || apis[k] == apiSDKClient
		}
	}
	return sdk, ok
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
		a.needRef(v)
	}
	if a.p.Imports == nil && launching(kind) && !a.summary {
		for _, c := range pos {
			a.needNames(c)
		}
		if len(pos) == 0 {
			a.needNames(firstNode)
		}
	}
	for _, v := range vals {
		// subprocess.run(agent_cmd()): what another module's function returns
		if v.K == vUnknown && v.Node != none && a.t.Nodes[v.Node].Kind == kIdentifier && !a.bound(v.Node) {
			// a name a wildcard import may bring in (from settings import *)
			for _, m := range a.wildcards {
				a.p.Needs = appendOnce(a.p.Needs, m)
			}
		}
		a.needReturned(v)
	}
	switch kind {
	case apiSubprocess, apiTrio, apiAnyio, apiPty:
		role := scanner.SinkArgv
		if s, ok := a.prop(kw, "shell"); ok {
			if on, known := s.Truthy(); on && known {
				role = scanner.SinkShell
			}
		}
		if role == scanner.SinkArgv {
			if line := a.splitOf(firstNode); line != none && a.sinkParam(line, scanner.Sink{Role: scanner.SinkShell, At: at}) {
				return
			}
		}
		if a.sinkStar(firstNode, pos, kw, scanner.Sink{Role: role, At: at}) {
			return
		}
		if role == scanner.SinkArgv && a.sysArgvRest(firstNode) {
			// subprocess.run(sys.argv[1:]): the script runs its own
			// arguments (`python3 run.py claude -p x`)
			at.Note = "`" + path.Base(a.p.Path) + "` runs its arguments"
			a.link.sum.AddSink(scanner.ScriptArgs, scanner.Sink{Param: 0, Rest: true, Role: scanner.SinkArgv, At: at})
			return
		}
		if a.sinkCalledParam(firstNode, scanner.Sink{Role: role, At: at}) {
			return
		}
		if opt, ok := a.argparseHeadOption(firstNode, role); ok {
			// subprocess.run([ns.agent, "-p", x]), agent an argparse
			// option: the caller's `--agent claude` is the program
			at.Note = "`" + path.Base(a.p.Path) + "` runs its option " + opt
			a.link.sum.AddSink(scanner.ScriptArgs, scanner.Sink{Option: opt, Role: scanner.SinkProgram, At: at})
			return
		}
		if role == scanner.SinkArgv && a.argparseRest(firstNode) {
			// subprocess.run(args.cmd), cmd an argparse positional of
			// nargs=REMAINDER ("*", "+"): the script runs the rest of its
			// arguments, after options not followed (every suffix past
			// options and their values)
			at.Note = "`" + path.Base(a.p.Path) + "` runs the rest of its arguments"
			a.link.sum.AddSink(scanner.ScriptArgs, scanner.Sink{Param: 0, Rest: true, Shift: true, AfterOptions: true, Role: scanner.SinkArgv, At: at})
			return
		}
		if role == scanner.SinkShell && a.sinkAround(firstNode, at) {
			return
		}
		if !a.sinkParam(firstNode, scanner.Sink{Role: role, At: at}) && role == scanner.SinkArgv {
			a.sinkHead(firstNode, at)
			a.sinkElems(firstNode, at)
		}
	case apiShell, apiShellOut:
		if !a.sinkAround(firstNode, at) {
			a.sinkParam(firstNode, scanner.Sink{Role: scanner.SinkShell, At: at})
		}
	case apiExecV, apiPosixSpawn:
		if len(pos) >= 1 && !a.sinkParam(pos[0], scanner.Sink{Role: scanner.SinkProgram, At: at}) &&
			!a.sinkParamHead(pos[0], scanner.Sink{Role: scanner.SinkProgram, At: at}) {
			a.sinkThis(pos[0], scanner.Sink{Role: scanner.SinkProgram, At: at}, nil)
		}
		if len(pos) >= 2 {
			a.sinkParam(pos[1], scanner.Sink{Role: scanner.SinkArgv, At: at})
		}
	case apiExecArgs, apiPexpect:
		if _, args := a.prop(kw, "args"); kind == apiPexpect && !args && len(pos) < 2 &&
			a.sinkParam(firstNode, scanner.Sink{Role: scanner.SinkShell, At: at}) {
			// pexpect.spawn(cmdline): pexpect splits the line into words
			// as shlex does (a shell's reading is a superset), so a
			// caller's "claude --continue" is judged as a line
			return
		}
		switch {
		case a.sinkParam(firstNode, scanner.Sink{Role: scanner.SinkProgram, At: at}):
		case a.sinkParamHead(firstNode, scanner.Sink{Role: scanner.SinkProgram, At: at}):
			// create_subprocess_exec(cmd[0], *cmd[1:]): cmd is the argv
		case kind == apiExecArgs && firstNode != none && a.t.Nodes[firstNode].Kind == kListSplat &&
			a.sinkParam(a.t.Nodes[firstNode].First, scanner.Sink{Role: scanner.SinkArgv, At: at}):
			// create_subprocess_exec(*cmd): the parameter is the argv
		case kind == apiExecArgs && firstNode != none && a.t.Nodes[firstNode].Kind == kListSplat &&
			a.sinkStar(a.t.Nodes[firstNode].First, nil, value{}, scanner.Sink{Role: scanner.SinkArgv, At: at}):
			// async def run(*argv): create_subprocess_exec(*argv): the
			// function's `*args` from its position on are the argv
		default:
			a.sinkThis(firstNode, scanner.Sink{Role: scanner.SinkProgram, At: at}, nil)
		}
	}
}

// sinkElems records the parameters written as elements of an argv list
// (or a name bound to one) after a program that runs its arguments, a
// wrapper of the command model (`["/usr/bin/env", prog, *args]`, `nice`,
// `timeout 60`, `sudo`, a package runner, a shell): the caller's value
// there is judged in the argv, with the wrapper (scanner.SinkArgElem).
func (a *analyzer) sinkElems(n int32, at scanner.Step) {
	t := a.t
	if n == none {
		return
	}
	if t.Nodes[n].Kind == kIdentifier {
		a.truncateIf(a.eachBound(n, func(b int32) {
			if k := t.Nodes[b].Kind; k == kList || k == kTuple {
				a.sinkElems(b, at)
			}
		}))
		return
	}
	if k := t.Nodes[n].Kind; k != kList && k != kTuple {
		return
	}
	var elems []int32
	for c := t.Nodes[n].First; c != none; c = t.Nodes[c].Next {
		if t.Nodes[c].Kind != kComment {
			elems = append(elems, c)
		}
	}
	if len(elems) < 2 || t.Nodes[elems[0]].Kind == kListSplat {
		return
	}
	head := a.ev.Eval(elems[0])
	if !head.Known() || head.Alt != nil {
		return
	}
	if _, runs := cmdline.Lookup(head.S); !runs {
		return
	}
	var tmpl []scanner.Arg
	var params []int
	for i, c := range elems[1:] {
		if t.Nodes[c].Kind == kListSplat {
			tmpl = append(tmpl, scanner.Arg{}) // what it spreads is unknown here
			break
		}
		if _, _, _, ok := a.paramOf(c); ok {
			params = append(params, i)
			tmpl = append(tmpl, scanner.Arg{Pos: t.Pos(c)})
			continue
		}
		tmpl = append(tmpl, t.Arg(a.ev.Eval(c)))
	}
	for _, i := range params {
		a.sinkParam(elems[1+i], scanner.Sink{Role: scanner.SinkArgElem, Program: head.S, Elem: i, Args: tmpl, At: at})
	}
}

// needArg records the modules of what a call site hands a parameter of
// this file's function, when it is another module's value: the
// parameter's value may be known only in the repository phase (def
// run(b): subprocess.run([b]); run('git'); run(AGENT)), where the call
// sites that disagree keep only the known strings.
func (a *analyzer) needArg(v value) value {
	if a.p.Imports == nil {
		for _, p := range v.Possibilities() {
			a.needRef(p)
		}
	}
	return v
}

// importedName is the export of another file of the repository that
// name c (an identifier or `mod.attr`) refers to: looked up only when a
// file offers something of its last name (Imports.Hint), and only for a
// reference to a module of the repository (not a process API, not a
// name of this file). Export.Dynamic says a bound cut the way to it.
func (a *analyzer) importedName(c int32) (scanner.Export, bool) {
	t := a.t
	name := c
	if t.Nodes[c].Kind == kAttribute {
		name = t.Child(c, fAttribute)
	}
	if name == none || !a.p.Imports.Hint(t.Src[t.Nodes[name].Start:t.Nodes[name].End]) {
		return scanner.Export{}, false
	}
	v := a.ev.Eval(c)
	if treesitter.IsDynamicExport(v) {
		// a name of a module whose summary a bound cut
		mod, ok := a.importRoot(c, 0)
		if !ok {
			mod = "another module"
		}
		return scanner.Export{Dynamic: true, File: mod}, true
	}
	if !isRepoRef(v) {
		return scanner.Export{}, false
	}
	return a.imported(v)
}

// isRepoRef reports whether v is a reference into another module that
// may be of the repository: not a process API, not a name of this file.
func isRepoRef(v value) bool {
	return v.K == vRef && apiOf(v) == apiNone && !strings.HasPrefix(v.Mod, "#")
}

// needRef records the module a value of another module comes from
// (Pass.Needs).
func (a *analyzer) needRef(v value) {
	if !isRepoRef(v) {
		return
	}
	a.p.Needs = appendOnce(a.p.Needs, v.Mod)
	if len(v.Path) > 1 && !strings.HasSuffix(v.Path[0], "()") {
		// from app import paths; paths.CLAUDE: paths may be a module of
		// a namespace package (no __init__.py)
		a.p.Needs = appendOnce(a.p.Needs, strings.TrimSuffix(v.Mod, ".")+"."+v.Path[0])
	}
}

// maxNeedNodes bounds the syntax nodes needNames reads in one file; past
// it the file needs every module it imports.
const maxNeedNodes = 1 << 14

// needState is what needNames has read of the file.
type needState struct {
	seen  map[int32]bool // the expressions read
	spent int            // the nodes read
	all   bool           // the bound was reached: every import is needed
}

// needNames records the modules of the names the expression at n reads
// as written (Pass.Needs): the names in it, and through the file what
// they are bound to (each binding, each in-place change), what `self.x`
// is set to and what a function of the file returns. needRef reads the
// value the evaluator keeps, which loses the reference when the value is
// copied (`list(mod.CMD)`), converted (`str(PATH)`), unpacked
// (`*cfg.command` with `cfg = Cfg()`) or returned by another module's
// class (`Commands.review(x)`); whatever form the value takes, a module
// of the repository it may come from makes the file read again in phase
// two (over-approximation: an unknown is never absent). A library's
// launching module (`subprocess`, `os`) is not such a module.
func (a *analyzer) needNames(n int32) {
	st := &a.link.need
	if n == none || st.all {
		return
	}
	if st.seen == nil {
		st.seen = map[int32]bool{}
	}
	if a.walkReads(n, st.seen, &st.spent, func(b binding, _ int32) { a.needModule(b) }) {
		a.needAllImports()
	}
}

// walkReads visits the imports the expression at n reads as written
// (needNames): the names in it, and through the file what they are bound
// to (each binding, each in-place change), what `self.x` is set to and
// what a function of the file returns; ref is given each import binding
// and the identifier that reads it. seen holds the expressions read,
// spent the nodes; it reports maxNeedNodes reached (the walk stopped).
func (a *analyzer) walkReads(n int32, seen map[int32]bool, spent *int, ref func(b binding, id int32)) (over bool) {
	t := a.t
	stack := []int32{n}
	push := func(r int32) {
		if r != none && !seen[r] {
			stack = append(stack, r)
		}
	}
	for len(stack) > 0 {
		r := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[r] {
			continue
		}
		seen[r] = true
		end := t.Nodes[r].End
		for i := r; i < int32(len(t.Nodes)) && (i == r || t.Nodes[i].Start < end); i++ {
			if *spent++; *spent > maxNeedNodes {
				return true
			}
			nd := &t.Nodes[i]
			switch nd.Kind {
			case kAttribute:
				// self.x: every value the file sets x to, or the
				// class's bases when it sets none (baseAttr)
				if isSelfAttr(t, i) {
					if at := t.Child(i, fAttribute); at != none {
						for _, v := range a.selfAttrs[t.Text(at)] {
							push(v)
						}
						if len(a.selfAttrs[t.Text(at)]) == 0 {
							push(enclosingBases(t, i))
						}
					}
				}
				continue
			case kIdentifier:
			default:
				continue
			}
			if p := nd.Parent; p != none && (t.Nodes[p].Kind == kAttribute || t.Nodes[p].Kind == kKeywordArgument) && nd.Field != fNone && t.Child(p, nd.Field) == i &&
				(nd.Field == fAttribute || nd.Field == fName) {
				continue // the member's or the keyword's name
			}
			name := t.Src[nd.Start:nd.End]
			for _, m := range a.muts[string(name)] {
				push(m.value)
			}
			bs, _, ok := a.scopes.Lookup(name, i)
			if !ok {
				continue
			}
			for _, b := range bs {
				switch {
				case b.ref:
					ref(b, i)
				case b.param && b.fn != "":
					// cfg: AgentCfg, the class imported (evalParam)
					if ib, ok := a.annotatedImport(b); ok {
						ref(ib, i)
					}
					// def review(c, agent=DEFAULT_AGENT): the default
					// is a value when nothing calls the function
					push(b.def)
				case b.value == none:
				case t.Nodes[b.value].Kind == kFunction || t.Nodes[b.value].Kind == kLambda:
					a.needReturns(b.value, push)
				default:
					push(b.value)
				}
			}
		}
	}
	return false
}

// needReturns pushes what function fn returns.
func (a *analyzer) needReturns(fn int32, push func(int32)) {
	t := a.t
	body, expr := a.Body(fn)
	if body == none || expr {
		push(body)
		return
	}
	end := t.Nodes[body].End
	for i := body + 1; i < int32(len(t.Nodes)) && t.Nodes[i].Start < end; i++ {
		if t.Nodes[i].Kind == kReturn && a.scopes.Of(i) == fn {
			push(t.Nodes[i].First)
		}
	}
}

// needModule records the module import binding b names, and the
// submodule it may be (`from app import paths`), unless it is a
// library's launching module.
func (a *analyzer) needModule(b binding) {
	mod := normModule(b.mod)
	if mod == "" || strings.HasPrefix(mod, "#") {
		return
	}
	if _, ok := launchingModule(mod); ok {
		return
	}
	a.p.Needs = appendOnce(a.p.Needs, b.mod)
	if len(b.path) > 0 {
		a.p.Needs = appendOnce(a.p.Needs, strings.TrimSuffix(b.mod, ".")+"."+b.path[0])
	}
}

// needAllImports records every module the file imports (needNames's
// bound reached: what is not read may come from any of them).
func (a *analyzer) needAllImports() {
	t := a.t
	st := &a.link.need
	if st.all {
		return
	}
	st.all = true
	for i := int32(0); i < int32(len(t.Nodes)); i++ {
		k := t.Nodes[i].Kind
		if k != kImport && k != kImportFrom {
			continue
		}
		if k == kImportFrom {
			if m := t.Child(i, fModuleName); m != none {
				a.needModule(binding{mod: strings.Join(strings.Fields(t.Text(m)), "")})
			}
			continue
		}
		for c := t.Nodes[i].First; c != none; c = t.Nodes[c].Next {
			switch t.Nodes[c].Kind {
			case kDottedName:
				a.needModule(binding{mod: t.Text(c)})
			case kAliasedImport:
				if nm := t.Child(c, fName); nm != none {
					a.needModule(binding{mod: t.Text(nm)})
				}
			}
		}
	}
}

// sysArgvRest reports whether node n is `sys.argv[1:]` (through a
// `list(...)`): the arguments the script was run with.
func (a *analyzer) sysArgvRest(n int32) bool {
	t := a.t
	if n == none {
		return false
	}
	if t.Nodes[n].Kind == kCall {
		if fn := t.Child(n, fFunction); fn != none && t.Is(fn, "list") && !a.bound(fn) {
			if p, _ := a.callArgs(n); len(p) == 1 {
				n = p[0]
			}
		}
	}
	if t.Nodes[n].Kind != kSubscript {
		return false
	}
	sub := t.Child(n, fSubscript)
	if sub == none || t.Nodes[sub].Kind != kSlice || strings.ReplaceAll(t.Text(sub), " ", "") != "1:" {
		return false
	}
	v := a.ev.Eval(t.Child(n, fValue))
	return v.K == vRef && v.Mod == "sys" && len(v.Path) == 1 && v.Path[0] == "argv"
}

// calledParam is Sink.Field for a parameter that is a function: what
// calling it returns reaches the process API (a decorator's wrapper,
// `subprocess.run(fn(*a, **k), shell=True)`, fn the decorator's
// parameter). A caller's function (the decorated one, `@shell_command
// def review(...)`) is judged by what it returns.
const calledParam = "()"

// sinkCalledParam records sink k when node n calls a parameter of an
// enclosing function of the file (`fn(*a, **k)`): the caller's function
// hands its return value to the process API.
func (a *analyzer) sinkCalledParam(n int32, k scanner.Sink) bool {
	t := a.t
	if n == none || t.Nodes[n].Kind != kCall {
		return false
	}
	fn, idx, name, ok := a.paramOf(t.Child(n, fFunction))
	if !ok {
		return false
	}
	k.Param, k.Name, k.Field = idx, name, calledParam
	k.At.Note = fmt.Sprintf("`%s` hands what its `%s` returns to a process API", fn, name)
	return a.link.sum.AddSink(fn, k)
}

// decoratorCall judges decorator d of a function of the file as a call
// of it with the function (`@shell_command def review(...)` is
// `shell_command(review)`), against the sinks of another module's
// decorator that runs what the function returns (calledParam).
func (a *analyzer) decoratorCall(d int32) {
	t := a.t
	e := t.Nodes[d].First
	if e == none || t.Nodes[e].Kind != kIdentifier && t.Nodes[e].Kind != kAttribute {
		return
	}
	def := t.Child(t.Nodes[d].Parent, fDefinition)
	if def == none || t.Nodes[def].Kind != kFunction {
		return
	}
	nm := t.Child(def, fName)
	if nm == none {
		return
	}
	ex, ok := a.importedName(e)
	if !ok {
		return
	}
	name := t.Text(e)
	if t.Nodes[e].Kind == kAttribute {
		name = t.Text(t.Child(e, fAttribute))
	}
	if ex.Dynamic {
		// a bound cut the way to the decorator: it may run what the
		// function returns, or the function's own work; a function whose
		// text names a runtime, or whose returns may, is dynamic
		at := t.Pos(d)
		if a.p.Config.NamesRuntime(t.Src[t.Nodes[def].Start:t.Nodes[def].End]) || a.argsMayName(a.returns(def), value{}) {
			a.p.Report(scanner.Finding{Line: at.Line, Column: at.Column, Runtime: "unknown", Class: scanner.ClassDynamic,
				Message: fmt.Sprintf("decorator `%s` from %s may run what `%s` returns, but following it reached a bound of the repository phase", name, ex.File, t.Text(nm))})
		}
		return
	}
	var sinks []scanner.Sink
	for _, k := range ex.Sinks {
		if k.Field == calledParam && k.Param == 0 {
			sinks = append(sinks, k)
		}
	}
	if len(sinks) == 0 {
		return
	}
	ex.Sinks = sinks
	mark := a.p.Mark()
	a.link.used = a.link.used[:0]
	a.judgeHelper(d, name, ex, []int32{nm}, value{})
	a.p.AddChain(mark, a.link.used)
}

// returns lists the expressions of function fn's own return statements
// (not those of functions nested in it).
func (a *analyzer) returns(fn int32) []int32 {
	t := a.t
	body := t.Child(fn, fBody)
	if body == none || t.Nodes[fn].Kind != kFunction {
		return nil
	}
	var out []int32
	end := t.Nodes[body].End
	for i := body + 1; i < int32(len(t.Nodes)) && t.Nodes[i].Start < end; i++ {
		if t.Nodes[i].Kind == kReturn && a.scopes.Of(i) == fn && t.Nodes[i].First != none {
			out = append(out, t.Nodes[i].First)
		}
	}
	return out
}

// onlyReturn is the expression of function fn's one return statement,
// none when it has another number of them (or is a lambda).
func (a *analyzer) onlyReturn(fn int32) int32 {
	t := a.t
	body := t.Child(fn, fBody)
	if body == none || t.Nodes[fn].Kind != kFunction {
		return none
	}
	r := int32(none)
	end := t.Nodes[body].End
	for i := body + 1; i < int32(len(t.Nodes)) && t.Nodes[i].Start < end; i++ {
		if t.Nodes[i].Kind == kReturn && a.scopes.Of(i) == fn {
			if r != none || t.Nodes[i].First == none {
				return none
			}
			r = t.Nodes[i].First
		}
	}
	return r
}

// argparseHeadOption is the option (`--agent`) whose value is the
// program of the argv n (`[ns.agent, "-p", x]`, `ns.agent` itself, or
// the line for a shell), ns bound to a parser's parse_args() and the file
// declaring the option (`add_argument("--agent", ...)`, also behind a
// short one).
func (a *analyzer) argparseHeadOption(n int32, role scanner.SinkRole) (string, bool) {
	t := a.t
	if n != none && (t.Nodes[n].Kind == kList || t.Nodes[n].Kind == kTuple) && role == scanner.SinkArgv {
		n = t.Nodes[n].First
	}
	if n == none || t.Nodes[n].Kind != kAttribute {
		return "", false
	}
	obj, at := t.Child(n, fObject), t.Child(n, fAttribute)
	if obj == none || at == none || t.Nodes[obj].Kind != kIdentifier {
		return "", false
	}
	c := a.boundValue(obj)
	if c == none || t.Nodes[c].Kind != kCall {
		return "", false
	}
	fn := t.Child(c, fFunction)
	if fn == none || t.Nodes[fn].Kind != kAttribute {
		return "", false
	}
	if m := t.Child(fn, fAttribute); m == none || !t.Is(m, "parse_args") && !t.Is(m, "parse_intermixed_args") {
		return "", false
	}
	opt := "--" + strings.ReplaceAll(t.Text(at), "_", "-")
	re, err := regexp.Compile(`add_argument\(([^)]*,\s*)?["']` + regexp.QuoteMeta(opt) + `["']`)
	if err != nil || !re.Match(t.Src) {
		return "", false
	}
	return opt, true
}

// argparseRest reports whether node n is `args.NAME` (also through
// `list(...)`), args bound to a parser's parse_args() (parse_known_args()
// taken apart), where the file declares NAME a positional argument that
// gathers several (`add_argument("cmd", nargs=argparse.REMAINDER)`, `"*"`,
// `"+"`): the script's arguments after its options.
func (a *analyzer) argparseRest(n int32) bool {
	t := a.t
	if n != none && t.Nodes[n].Kind == kCall {
		if fn := t.Child(n, fFunction); fn != none && (t.Is(fn, "list") || t.Is(fn, "tuple")) && !a.bound(fn) {
			if p, _ := a.callArgs(n); len(p) == 1 {
				n = p[0]
			}
		}
	}
	if n == none || t.Nodes[n].Kind != kAttribute {
		return false
	}
	obj, at := t.Child(n, fObject), t.Child(n, fAttribute)
	if obj == none || at == none || t.Nodes[obj].Kind != kIdentifier {
		return false
	}
	c := a.boundValue(obj)
	if c == none || t.Nodes[c].Kind != kCall {
		return false
	}
	fn := t.Child(c, fFunction)
	if fn == none || t.Nodes[fn].Kind != kAttribute {
		return false
	}
	if m := t.Child(fn, fAttribute); m == none || !t.Is(m, "parse_args") && !t.Is(m, "parse_intermixed_args") {
		return false
	}
	re, err := regexp.Compile(`add_argument\(\s*["']` + regexp.QuoteMeta(t.Text(at)) + `["'][^)]*nargs\s*=\s*(argparse\.REMAINDER|REMAINDER|["'][*+.]+["'])`)
	return err == nil && re.Match(t.Src)
}

// starKwargs is Sink.Param for a `**kwargs` sink: no position reaches it.
const starKwargs = 1 << 20

// sinkStar records k when the process API's argv is the function's
// `*args` (`run(*argv)` running `argv`, `list(argv)`, `[*argv]`), or
// its `**kwargs` are the call's keywords (`subprocess.run(**kw)`: the
// caller's `args=`).
func (a *analyzer) sinkStar(first int32, pos []int32, kw value, k scanner.Sink) bool {
	t := a.t
	if first == none && len(pos) == 0 && kw.Obj != none {
		for c := t.Nodes[kw.Obj].First; c != none; c = t.Nodes[c].Next {
			if t.Nodes[c].Kind != kDictionarySplat {
				continue
			}
			if b, ok := a.starParam(t.Nodes[c].First, 2); ok {
				k.Param, k.Name = starKwargs, "args"
				k.At.Note = fmt.Sprintf("`%s` hands its `**%s` to a process API", b.starOf, t.Text(b.name))
				return a.link.sum.AddSink(b.starOf, k)
			}
		}
		return false
	}
	n := first
	for depth := 0; n != none && depth < 4; depth++ {
		switch t.Nodes[n].Kind {
		case kParen:
			n = t.Nodes[n].First
			continue
		case kCall:
			// list(argv), tuple(argv)
			fn := t.Child(n, fFunction)
			if p, _ := a.callArgs(n); len(p) == 1 && fn != none && t.Nodes[fn].Kind == kIdentifier &&
				(t.Is(fn, "list") || t.Is(fn, "tuple")) && !a.bound(fn) {
				n = p[0]
				continue
			}
		case kList, kTuple:
			// [*argv]
			if c := t.Nodes[n].First; c != none && t.Nodes[c].Kind == kListSplat && t.Nodes[c].Next == none {
				n = t.Nodes[c].First
				continue
			}
		}
		break
	}
	b, ok := a.starParam(n, 1)
	if !ok || k.Role != scanner.SinkArgv {
		return false
	}
	k.Param, k.Rest = b.index, true
	k.At.Note = fmt.Sprintf("`%s` hands its `*%s` to a process API", b.starOf, t.Text(b.name))
	return a.link.sum.AddSink(b.starOf, k)
}

// starParam is the binding of the `*args` (star 1) or `**kwargs` (star
// 2) parameter node n names.
func (a *analyzer) starParam(n int32, star int8) (binding, bool) {
	t := a.t
	if n == none || t.Nodes[n].Kind != kIdentifier {
		return binding{}, false
	}
	bs, _, found := a.scopes.Lookup(t.Src[t.Nodes[n].Start:t.Nodes[n].End], n)
	if !found || len(bs) != 1 || bs[0].star != star || bs[0].starOf == "" || bs[0].index < 0 || strings.HasPrefix(bs[0].starOf, ".") {
		return binding{}, false // a method's is read in the file only
	}
	return bs[0], true
}

// throughNames is the expression n stands for through parentheses and
// names bound once (`(line)`, `cmd = f"..."; run(cmd)`), at most 4 steps;
// n itself when it is neither, none when a name is bound other than once.
func (a *analyzer) throughNames(n int32) int32 {
	t := a.t
	for depth := 0; n != none && depth < 4; depth++ {
		switch t.Nodes[n].Kind {
		case kParen:
			n = t.Nodes[n].First
			continue
		case kIdentifier:
			ns := a.boundAll(n)
			n = none
			if len(ns) == 1 {
				n = ns[0]
			}
			continue
		}
		break
	}
	return n
}

// splitOf is the string expression the argv at n splits into words
// (`shlex.split(line)`, `line.split()`, a name bound to either), or none.
// The words of a command line are judged as the line a shell runs: a
// shell's reading of it is a superset of shlex's (over-approximation).
func (a *analyzer) splitOf(n int32) int32 {
	t := a.t
	n = a.throughNames(n)
	if n == none || t.Nodes[n].Kind != kCall {
		return none
	}
	fn := t.Child(n, fFunction)
	pos, kw := a.callArgs(n)
	if fn == none {
		return none
	}
	if apiOf(a.ev.Eval(fn)) == apiShlexSplit {
		if v, ok := a.argOr(pos, kw, 0, "s"); ok {
			return v.Node
		}
		return none
	}
	// line.split(): whitespace words of a string
	if m := t.Child(fn, fAttribute); t.Nodes[fn].Kind == kAttribute && m != none && t.Is(m, "split") && len(pos) == 0 {
		return t.Child(fn, fObject)
	}
	return none
}

// needReturned records the module whose function's return value v is,
// or is read from (`agent_cmd()`, `Runner().build_command()`,
// `get_backend().command` through a name bound to the call).
func (a *analyzer) needReturned(v value) {
	a.needReturnedFrom(v, 0, map[int32]bool{})
}

// needReturnedFrom is needReturned at depth steps already taken: the
// steps of every branch count against one MaxLinkDepth (a name bound to
// itself, `x = x.f()`, ends there).
func (a *analyzer) needReturnedFrom(v value, depth int, seen map[int32]bool) {
	t := a.t
	for ; depth < scanner.MaxLinkDepth && v.K == vUnknown && v.Node != none && !seen[v.Node]; depth++ {
		seen[v.Node] = true
		switch t.Nodes[v.Node].Kind {
		case kIdentifier:
			ns := a.boundAll(v.Node)
			if len(ns) == 0 {
				return
			}
			for _, n := range ns[1:] {
				a.needReturnedFrom(treesitter.Unknown(n), depth+1, seen)
			}
			v = treesitter.Unknown(ns[0])
		case kAttribute:
			v = a.ev.Eval(t.Child(v.Node, fObject))
		case kCall:
			c := a.ev.Eval(t.Child(v.Node, fFunction))
			if c.K == vRef && apiOf(c) == apiNone && !strings.HasPrefix(c.Mod, "#") {
				a.p.Needs = appendOnce(a.p.Needs, c.Mod)
				return
			}
			v = c
		default:
			return
		}
	}
}

// boundAll are the expressions the name at n is bound to, nil when one
// binding is a parameter, an import or a loop variable.
func (a *analyzer) boundAll(n int32) []int32 {
	t := a.t
	bs, _, found := a.scopes.Lookup(t.Src[t.Nodes[n].Start:t.Nodes[n].End], n)
	if !found {
		return nil
	}
	out := make([]int32, 0, len(bs))
	for _, b := range bs {
		if b.param || b.ref || b.each || b.value == none {
			return nil
		}
		out = append(out, b.value)
	}
	return out
}

// eachBound calls visit on the expressions the name at n is bound to
// (boundAll): the first treesitter.MaxReturns of them, and those past it
// as Evaluator.ReadPast says. It reports whether one was cut.
func (a *analyzer) eachBound(n int32, visit func(int32)) (cut bool) {
	return a.ev.ReadPast(a.boundAll(n), treesitter.MaxReturns, visit)
}

// truncateIf marks the summary Truncated when cut: a binding past
// MaxReturns that was not read may have offered a sink, so a name the
// summary does not hold is dynamic where a call names a runtime.
func (a *analyzer) truncateIf(cut bool) {
	if cut {
		a.link.sum.Truncated = true
	}
}

// sinkHead records the program of an argv list written at n (`[prog,
// *args]`, `[self.binary, "-p"]`, a name bound to such a list) when it is
// a parameter of the function around it (a factory's closure runs its
// parameter) or comes from the instance (sinkThis).
func (a *analyzer) sinkHead(n int32, at scanner.Step) {
	a.sinkThis(n, scanner.Sink{Role: scanner.SinkArgv, At: at}, nil)
}

// maxThisDepth bounds the names, parentheses and splats sinkThis reads
// through from a process API's argument to the instance.
const maxThisDepth = 8

// sinkThis records k on the class around node n when what n holds comes
// from the instance, so that a subclass (of any module) chooses what
// runs: `self.X` (sinkSelf), what `self.m()` returns (sinkSelfCall), a
// name bound to either (each binding a possibility), `*` of one (the
// whole argv), or, for an argv, a list whose head is one (or a parameter:
// a factory's closure). via, when set, is the call of a helper that hands
// the value to k's process API (its note names the helper): the class's
// step is there, and k.At stays the helper's.
func (a *analyzer) sinkThis(n int32, k scanner.Sink, via *scanner.Step) {
	a.sinkThisFrom(n, k, via, 0)
}

func (a *analyzer) sinkThisFrom(n int32, k scanner.Sink, via *scanner.Step, depth int) {
	t := a.t
	if n == none || depth == maxThisDepth {
		return
	}
	switch t.Nodes[n].Kind {
	case kParen, kAwait:
		a.sinkThisFrom(t.Nodes[n].First, k, via, depth+1)
	case kListSplat:
		k.Role = scanner.SinkArgv // *cmd: the whole argv
		a.sinkThisFrom(t.Nodes[n].First, k, via, depth+1)
	case kIdentifier:
		a.truncateIf(a.eachBound(n, func(b int32) {
			a.sinkThisFrom(b, k, via, depth+1)
		}))
	case kList, kTuple:
		if k.Role != scanner.SinkArgv {
			return
		}
		head := t.Nodes[n].First
		for head != none && t.Nodes[head].Kind == kComment {
			head = t.Nodes[head].Next
		}
		if head == none {
			return
		}
		hk := k
		if t.Nodes[head].Kind != kListSplat {
			hk.Role = scanner.SinkProgram
		}
		if via != nil || !a.sinkParam(head, hk) {
			a.sinkThisFrom(head, hk, via, depth+1)
		}
	case kAttribute:
		a.sinkSelf(n, k, via)
	case kCall:
		if !a.sinkParamMethod(n, k) {
			a.sinkSelfCall(n, k, via)
			a.sinkSelfReturns(n, k, via, depth)
		}
	case kSubscript:
		// self.cmd[0] as the program: the field is the argv
		if seq := headOf(t, n); seq != none && k.Role == scanner.SinkProgram {
			k.Role = scanner.SinkArgv
			a.sinkThisFrom(seq, k, via, depth+1)
		}
	}
}

// copied is x when node n copies it into a list or tuple (`list(x)`,
// `tuple(x)`, `[*x]`), else n: the copy holds what x holds.
func (a *analyzer) copied(n int32) int32 {
	t := a.t
	for depth := 0; n != none && depth < maxThisDepth; depth++ {
		switch t.Nodes[n].Kind {
		case kParen:
			n = t.Nodes[n].First
			continue
		case kCall:
			fn := t.Child(n, fFunction)
			if fn == none || !(t.Is(fn, "list") || t.Is(fn, "tuple")) || a.bound(fn) {
				return n
			}
			p, _ := a.callArgs(n)
			if len(p) != 1 || t.Nodes[p[0]].Kind == kListSplat {
				return n
			}
			n = p[0]
			continue
		case kList, kTuple:
			c := t.Nodes[n].First
			for c != none && t.Nodes[c].Kind == kComment {
				c = t.Nodes[c].Next
			}
			if c == none || t.Nodes[c].Kind != kListSplat {
				return n
			}
			next := t.Nodes[c].Next
			for next != none && t.Nodes[next].Kind == kComment {
				next = t.Nodes[next].Next
			}
			if next != none {
				return n
			}
			n = t.Nodes[c].First
			continue
		}
		return n
	}
	return n
}

// methodField prefixes Sink.Field for a parameter whose method's result
// reaches the process API (`agent.build_command(p)`): the field is
// methodField + the method's name + "()".
const methodField = "."

// sinkParamMethod records k for the parameter whose method call n is
// (`cmd = agent.build_command(prompt)`, then `subprocess.run(cmd)`): a
// caller's instance chooses what runs, through its class's method.
func (a *analyzer) sinkParamMethod(n int32, k scanner.Sink) bool {
	t := a.t
	fn := t.Child(n, fFunction)
	if fn == none || t.Nodes[fn].Kind != kAttribute {
		return false
	}
	m, obj := t.Child(fn, fAttribute), t.Child(fn, fObject)
	if m == none || obj == none {
		return false
	}
	f, _, name, ok := a.paramOf(obj)
	if !ok || name == "self" || name == "cls" {
		return false
	}
	k.Field = methodField + t.Text(m) + "()"
	k.At.Note = fmt.Sprintf("`%s` hands what `%s.%s()` returns to a process API", f, name, t.Text(m))
	return a.sinkParam(obj, k)
}

// methodReturn is what method m returns on v, the instance a caller
// hands a parameter whose method's result a process API runs
// (methodField), at n: the method of another module's class
// (`ClaudeAgent()` imported, its summary's `ClaudeAgent().m()`) or of a
// class of the file, each a possibility. ok is false when the
// instance's class cannot be named.
func (a *analyzer) methodReturn(v value, m string, n int32) (value, bool) {
	t := a.t
	var vals []value
	named := false
	for _, p := range v.Possibilities() {
		if refs := a.returnedRefs(p); len(refs) > 0 {
			for _, r := range refs {
				if _, _, local := a.p.Imports.Source(r.Mod); !local {
					// a library's factory: its class is not known
					return value{}, false
				}
				named = true
				r.Path = treesitter.AppendPath(r.Path, m+"()")
				if c, ok := a.importedConst(r, n); ok {
					vals = append(vals, c)
				}
			}
			continue
		}
		if p.Node == none {
			return value{}, false
		}
		nodes := []int32{p.Node}
		if t.Nodes[p.Node].Kind == kIdentifier {
			nodes = a.boundAll(p.Node)
		}
		for _, c := range nodes {
			cls := a.instanceOf(c)
			if cls == none {
				return value{}, false
			}
			named = true
			name := t.Text(t.Child(cls, fName))
			for _, fn := range a.classMethods(name, cls)[m] {
				vals = append(vals, a.ev.ReturnValue(fn, n))
			}
		}
	}
	if !named {
		return value{}, false
	}
	if len(vals) == 0 {
		return treesitter.Unknown(n), true
	}
	return treesitter.Union(a.ev.Cfg, vals, n), true
}

// headOf is the sequence x when node n is its first element, `x[0]`
// (the program of an argv held in x: `create_subprocess_exec(cmd[0],
// *cmd[1:])`), or none.
func headOf(t *tree, n int32) int32 {
	for n != none && t.Nodes[n].Kind == kParen {
		n = t.Nodes[n].First
	}
	if n == none || t.Nodes[n].Kind != kSubscript {
		return none
	}
	sub := t.Child(n, fSubscript)
	if sub == none || t.Nodes[sub].Kind != kInteger || t.Text(sub) != "0" {
		return none
	}
	return t.Child(n, fValue)
}

// sinkParamHead records k, the program's sink, for a parameter whose
// first element node n is (`cmd[0]`): the parameter is the argv.
func (a *analyzer) sinkParamHead(n int32, k scanner.Sink) bool {
	seq := headOf(a.t, n)
	if seq == none || k.Role != scanner.SinkProgram {
		return false
	}
	k.Role = scanner.SinkArgv
	return a.sinkParam(seq, k)
}

// sinkSelf records k on the class around node n when n is `self.X` in one
// of its methods: a subclass that sets X chooses what runs.
func (a *analyzer) sinkSelf(n int32, k scanner.Sink, via *scanner.Step) {
	t := a.t
	if n == none || !isSelfAttr(t, n) && !isClsAttr(t, n) {
		return
	}
	fn := a.scopes.Of(n)
	if fn == none || t.Nodes[fn].Kind != kFunction {
		return
	}
	cls := a.className(fn)
	at := t.Child(n, fAttribute)
	if cls == "" || at == none {
		return
	}
	k.Param, k.Field = scanner.ParamThis, t.Text(at)
	a.addThis(cls, k, fmt.Sprintf("`%s` hands `%s` to ", cls, t.Text(n)), via)
	// Runner("claude").start(): __init__ stores its parameter in the
	// field, so the constructor's argument is what runs
	for _, val := range a.selfAttrs[k.Field] {
		val = a.copied(val)
		if fn, idx, name, ok := a.paramOf(val); ok && (fn == cls || a.setterOf(val, cls)) {
			ck := k
			ck.Field = ""
			note := fmt.Sprintf("`%s` stores it in `self.%s`, which it hands to ", cls, k.Field)
			if fn != cls {
				note = fmt.Sprintf("`%s.%s` stores it in `%s`, which `%s` hands to ", cls, fn, k.Field, cls)
			}
			if via == nil {
				ck.At.Note = note + "a process API"
			} else {
				st := *via
				st.Note = note + st.Note
				ck.Via = scanner.CutVia(append([]scanner.Step{st}, k.Via...))
			}
			a.sinkParam(val, ck)
			if fn != cls {
				// Runner.configure(bin="claude"): called on the class
				ck.Param, ck.Name = idx, name
				a.link.sum.AddSink(cls+"."+fn, ck)
			}
		}
	}
}

// setterOf reports whether node n, a parameter's value, is a parameter
// of a method of class cls (`@classmethod def configure(cls, bin): cls.bin
// = bin`, `def set_bin(self, bin): self.bin = bin`): a call of that method
// in any module (`Runner.configure(bin="claude")`) sets the field the
// class hands to a process API, so its argument is what runs.
func (a *analyzer) setterOf(n int32, cls string) bool {
	t := a.t
	for n != none && t.Nodes[n].Kind == kParen {
		n = t.Nodes[n].First
	}
	if n == none || t.Nodes[n].Kind != kIdentifier {
		return false
	}
	bs, _, found := a.scopes.Lookup(t.Src[t.Nodes[n].Start:t.Nodes[n].End], n)
	if !found || len(bs) != 1 || !bs[0].param || !bs[0].method {
		return false
	}
	fn := a.scopes.Of(bs[0].name)
	return fn != none && t.Nodes[fn].Kind == kFunction && a.className(fn) == cls
}

// sinkSelfCall records k on the class around node n when n is what a
// method of the instance returns (`self.build_command()`): a subclass
// that overrides the method chooses what runs.
func (a *analyzer) sinkSelfCall(n int32, k scanner.Sink, via *scanner.Step) {
	t := a.t
	if n == none || t.Nodes[n].Kind != kCall {
		return
	}
	fn := t.Child(n, fFunction)
	m := t.Child(fn, fAttribute)
	if fn == none || !isSelfAttr(t, fn) || m == none {
		return
	}
	method := a.scopes.Of(n)
	if method == none || t.Nodes[method].Kind != kFunction {
		return
	}
	cls := a.className(method)
	if cls == "" {
		return
	}
	k.Param, k.Field = scanner.ParamThis, t.Text(m)+"()"
	a.addThis(cls, k, fmt.Sprintf("`%s` hands what `self.%s` returns to ", cls, k.Field), via)
}

// sinkSelfReturns follows `self.m()` at n into what the class's own
// method m (and the same-named methods of the file's subclasses of it)
// returns: `return [self.binary, "-p", prompt]` hands the field to the
// process API n's value reaches, so a subclass of any module setting
// `binary` chooses what runs (review 23's 029).
func (a *analyzer) sinkSelfReturns(n int32, k scanner.Sink, via *scanner.Step, depth int) {
	t := a.t
	fn := t.Child(n, fFunction)
	if fn == none || !isSelfAttr(t, fn) {
		return
	}
	m := t.Child(fn, fAttribute)
	method := a.scopes.Of(n)
	if m == none || method == none || t.Nodes[method].Kind != kFunction {
		return
	}
	cls := int32(none)
	for p := t.Nodes[method].Parent; p != none; p = t.Nodes[p].Parent {
		if t.Nodes[p].Kind == kClass {
			cls = p
			break
		}
		if t.Nodes[p].Kind == kFunction {
			return // a function nested in a method: self is not the instance's
		}
	}
	if cls == none || t.Child(cls, fName) == none {
		return
	}
	for _, f := range a.classMethods(t.Text(t.Child(cls, fName)), cls)[t.Text(m)] {
		a.needReturns(f, func(r int32) {
			a.sinkThisFrom(r, k, via, depth+1)
		})
	}
}

// addThis records instance sink k on class cls; note says what the
// class does, completed with where it goes (a process API, or via).
func (a *analyzer) addThis(cls string, k scanner.Sink, note string, via *scanner.Step) {
	if via == nil {
		k.At.Note = note + "a process API"
	} else {
		st := *via
		st.Note = note + st.Note
		k.Via = scanner.CutVia(append([]scanner.Step{st}, k.Via...))
	}
	a.link.sum.AddSink(cls, k)
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
	if !a.link.sum.AddSink(fn, k) {
		return false
	}
	if bs, _, _ := a.scopes.Lookup(a.t.Src[a.t.Nodes[n].Start:a.t.Nodes[n].End], n); len(bs) == 1 && bs[0].method {
		// runner.run("claude") through an instance of any class
		a.link.sum.AddMethod(fn)
	}
	return true
}

// sinkAround records a shell sink for each parameter interpolated into
// the f-string at n (or a name bound only to one) that a shell runs:
// `subprocess.run(f"set -e; {cmd}", shell=True)`. The caller's value is
// judged inside the line the helper builds around it (Sink.Around), so a
// caller's "cd x && claude -p" is a command of that line, and so is a
// runtime the helper's own text puts in command position around it.
// Other interpolations are unknown words, or their known text.
func (a *analyzer) sinkAround(n int32, at scanner.Step) bool {
	return a.sinkAroundAs(n, scanner.Sink{Role: scanner.SinkShell, At: at})
}

// sinkAroundAs is sinkAround recording sinks like base (its Field kept).
func (a *analyzer) sinkAroundAs(n int32, base scanner.Sink) bool {
	t := a.t
	n = a.throughNames(n)
	if n == none || t.Nodes[n].Kind != kString {
		return false
	}
	type part struct {
		text  string
		param int32
	}
	var parts []part
	prefix := ""
	params := 0
	for c := t.Nodes[n].First; c != none; c = t.Nodes[c].Next {
		switch t.Nodes[c].Kind {
		case kStringStart:
			prefix = strings.ToLower(strings.TrimRight(t.Text(c), `"'`))
		case kStringContent:
			parts = append(parts, part{text: stringContent(prefix, t.Text(c)), param: none})
		case kInterpolation:
			e := t.Child(c, fExpression)
			if _, _, _, ok := a.paramOf(e); ok {
				parts = append(parts, part{param: e})
				params++
				continue
			}
			text := unknownShellWord
			if v := a.ev.Eval(e); v.K == vStr && v.Alt == nil {
				text = v.Sh
			}
			parts = append(parts, part{text: text, param: none})
		}
	}
	if params == 0 {
		return false
	}
	any := false
	for j, p := range parts {
		if p.param == none {
			continue
		}
		var around [2]string
		for i, q := range parts {
			s := q.text
			if q.param != none {
				s = unknownShellWord
			}
			switch {
			case i < j:
				around[0] += s
			case i > j:
				around[1] += s
			}
		}
		k := base
		k.Around = around
		if a.sinkParam(p.param, k) {
			any = true
		}
	}
	return any
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
//
// A name bound once, in the function, to a parameter (or to an entry of
// its `**kwargs`) is that parameter: `binary = kw["binary"]` or `x = b`
// before `subprocess.run([x, ...])`, at most maxParamAlias names deep.
func (a *analyzer) paramOf(n int32) (fn string, idx int, name string, ok bool) {
	t := a.t
	for depth := 0; ; depth++ {
		for n != none && t.Nodes[n].Kind == kParen {
			n = t.Nodes[n].First
		}
		if n != none && (t.Nodes[n].Kind == kSubscript || t.Nodes[n].Kind == kCall) {
			return a.kwargsKey(n)
		}
		if n == none || t.Nodes[n].Kind != kIdentifier {
			return "", 0, "", false
		}
		bs, _, found := a.scopes.Lookup(t.Src[t.Nodes[n].Start:t.Nodes[n].End], n)
		if !found || len(bs) != 1 || bs[0].each {
			return "", 0, "", false
		}
		b := bs[0]
		if b.param && b.fn != "" {
			return b.fn, b.index, t.Text(b.name), true
		}
		if b.param || b.ref || b.with || b.elem != 0 || b.value == none || depth == maxParamAlias ||
			a.scopes.Of(b.value) == none || a.scopes.Of(b.value) != a.scopes.Of(n) {
			return "", 0, "", false
		}
		if k := t.Nodes[b.value].Kind; k != kIdentifier && k != kSubscript && k != kCall && k != kParen {
			return "", 0, "", false
		}
		n = b.value
	}
}

// maxParamAlias bounds the names paramOf reads through to a parameter.
const maxParamAlias = 4

// kwargsKey is paramOf for an entry of a module-level function's
// `**kwargs` read by a literal key, `kw["binary"]`, `kw.get("binary",
// ...)`, `kw.pop("binary", ...)`: the keyword argument of that name a
// caller passes (Sink.Name; no position reaches it, starKwargs), so a
// caller in another module is judged as for a named parameter.
func (a *analyzer) kwargsKey(n int32) (fn string, idx int, name string, ok bool) {
	t := a.t
	var obj, key int32
	switch t.Nodes[n].Kind {
	case kSubscript:
		obj, key = t.Child(n, fValue), t.Child(n, fSubscript)
	case kCall:
		f := t.Child(n, fFunction)
		if f == none || t.Nodes[f].Kind != kAttribute {
			return "", 0, "", false
		}
		if m := t.Child(f, fAttribute); m == none || !(t.Is(m, "get") || t.Is(m, "pop")) {
			return "", 0, "", false
		}
		pos, _ := a.callArgs(n)
		if len(pos) == 0 {
			return "", 0, "", false
		}
		obj, key = t.Child(f, fObject), pos[0]
	}
	if key == none || t.Nodes[key].Kind != kString {
		return "", 0, "", false
	}
	b, found := a.starParam(obj, 2)
	if !found {
		return "", 0, "", false
	}
	k := a.ev.Eval(key)
	if !k.Known() || k.Alt != nil || k.S == "" {
		return "", 0, "", false
	}
	return b.starOf, starKwargs, k.S, true
}

// noteHelper records a call that is not a process API (a local or
// imported function); a call of another file's helper is judged here when
// judge is set. It reports whether the callee is such a function.
func (a *analyzer) noteHelper(n, fn int32, callee value, pos []int32, kw value, judge bool) bool {
	t := a.t
	if judge && treesitter.IsDynamicExport(callee) {
		// a name imported from a module whose summary a bound cut: the
		// lookup gave the dynamic value, and the helper it may be is
		// judged as one past a bound, also when it reached the call
		// through a name of the file (`f = helpers.run`)
		mod, ok := a.importRoot(fn, 0)
		if !ok {
			mod = "another module"
		}
		name := t.Text(fn)
		if t.Nodes[fn].Kind == kAttribute {
			if at := t.Child(fn, fAttribute); at != none {
				name = t.Text(at)
			}
		}
		a.judgeHelper(n, name, scanner.Export{Dynamic: true, File: mod}, pos, kw)
		return true
	}
	if callee.K != vFunc && !(callee.K == vRef && apiOf(callee) == apiNone && !strings.HasPrefix(callee.Mod, "#")) {
		return false
	}
	name := ""
	switch t.Nodes[fn].Kind {
	case kIdentifier:
		name = t.Text(fn)
	case kAttribute:
		if at := t.Child(fn, fAttribute); at != none {
			name = t.Text(at)
		}
	}
	if name == "" && callee.K == vRef && len(callee.Path) > 0 {
		// getattr(mod, "run")(...): the member the call reads
		name = callee.Path[len(callee.Path)-1]
	}
	if name == "" {
		return true
	}
	if !a.ev.Budget.Keep(n) {
		return true // past the file's bound, which the evaluator reports
	}
	a.link.helpers = append(a.link.helpers, helperCall{n: n, name: name, callee: callee, pos: pos, kw: kw})
	if judge && callee.K == vRef {
		if e, ok := a.imported(callee); ok {
			a.judgeHelper(n, name, e, pos, kw)
		}
	}
	return true
}

// importRoot is the module the callee expression fn reads from: its
// root name (`run`, `helpers` of `helpers.run`) bound once, by an import.
func (a *analyzer) importRoot(fn int32, depth int) (string, bool) {
	t := a.t
	if fn == none || depth > treesitter.MaxEvalDepth {
		return "", false
	}
	switch t.Nodes[fn].Kind {
	case kAttribute:
		return a.importRoot(t.Child(fn, fObject), depth+1)
	case kIdentifier:
		bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[fn].Start:t.Nodes[fn].End], fn)
		if ok && len(bs) == 1 && bs[0].ref {
			return bs[0].mod, true
		}
	}
	return "", false
}

// unknownMethod judges a method call through an instance whose class is
// not known (`def drive(runner): runner.run("claude")`): the receiver may
// be an instance of any class of the repository with a method of that
// name whose parameter reaches a process API (over-approximation), as
// well as of the file's (which the evaluator reads). Through `self` the
// file's classes' method is the one, when the file defines it; else it
// comes from a base class of another module, any of them.
func (a *analyzer) unknownMethod(n, fn int32, callee value, pos []int32, kw value) {
	t := a.t
	if a.p.Imports == nil || t.Nodes[fn].Kind != kAttribute {
		return
	}
	obj, m := t.Child(fn, fObject), t.Child(fn, fAttribute)
	if obj == none || m == none {
		return
	}
	switch callee.K {
	case vUnknown, vFunc:
	case vRef:
		// runtime.stream(...) with `runtime: StreamingRuntime`: the
		// class's method (noteHelper) and any class's deriving from it
		if !a.annotatedInstance(obj, a.ev.Eval(obj)) {
			return
		}
	default:
		return
	}
	if t.Nodes[obj].Kind == kIdentifier && (t.Is(obj, "self") || t.Is(obj, "cls")) {
		if callee.K == vFunc {
			return // a method of the file's classes
		}
		// self.run("claude") with run defined by a base class of
		// another module: any class's method of that name
	} else if r := a.ev.Eval(obj); r.K != vUnknown && !a.annotatedInstance(obj, r) {
		return // a module, a class or a value the file knows
	}
	name := t.Text(m)
	if !a.p.Imports.Hint([]byte("." + name + "(")) {
		return
	}
	if e, ok := a.p.Imports.Method(name); ok {
		a.judgeHelper(n, name, e, pos, kw)
		switch {
		case !e.Dynamic:
			// def stream_cli(runtime, command): runtime.stream(command):
			// the function hands its parameter to the method's sink
			// (fixedPoint), and its callers are judged through it
			a.link.helpers = append(a.link.helpers, helperCall{n: n, name: name, callee: callee, pos: pos, kw: kw, method: &e})
		case a.handsParam(pos, kw):
			// past MaxMethodFiles the sinks are not known: a function
			// handing its parameter on may be a helper the summary does
			// not hold, so a bound cut it (its callers' calls that name
			// a runtime are dynamic, repo.lookup)
			a.link.sum.Truncated = true
		}
	}
}

// handsParam reports whether a call's arguments (pos, kw) include a
// parameter of the function around it, as written.
func (a *analyzer) handsParam(pos []int32, kw value) bool {
	for _, c := range pos {
		if _, _, _, ok := a.paramOf(c); ok {
			return true
		}
	}
	t := a.t
	if kw.K != vObj || kw.Obj == none {
		return false
	}
	for c := t.Nodes[kw.Obj].First; c != none; c = t.Nodes[c].Next {
		if t.Nodes[c].Kind != kKeywordArgument {
			continue
		}
		if _, _, _, ok := a.paramOf(t.Child(c, fValue)); ok {
			return true
		}
	}
	return false
}

// annotatedInstance reports whether obj is a parameter whose value v is
// the instance its annotation gives it (`def f(runtime: StreamingRuntime)`
// with no call of the file, evalParam): an instance of that class or of
// any class deriving from it, or implementing it when it is a Protocol or
// an abstract base, so its method may be any of that name of the
// repository (unknownMethod), as well as the class's own. A field the
// file stores such a parameter in (`self.runtime = runtime`) is one too.
func (a *analyzer) annotatedInstance(obj int32, v value) bool {
	t := a.t
	if v.K != vRef || len(v.Path) != 1 {
		return false
	}
	if isSelfAttr(t, obj) {
		at := t.Child(obj, fAttribute)
		if at == none {
			return false
		}
		for _, val := range a.selfAttrs[t.Text(at)] {
			if val != none && t.Nodes[val].Kind == kIdentifier && a.annotatedInstance(val, v) {
				return true
			}
		}
		return false
	}
	if t.Nodes[obj].Kind != kIdentifier {
		return false
	}
	bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[obj].Start:t.Nodes[obj].End], obj)
	if !ok {
		return false
	}
	for _, b := range bs {
		if !b.param || b.fn == "" {
			continue
		}
		if ib, ok := a.annotatedImport(b); ok && ib.mod == v.Mod && v.Path[0] == ib.path[0]+"()" {
			return true
		}
	}
	return false
}

// imported is what another file of the repository offers as ref v: a
// name of the module (mod.NAME), or of a submodule (pkg.mod.NAME).
func (a *analyzer) imported(v value) (scanner.Export, bool) {
	if a.p.Imports == nil || len(v.Path) == 0 {
		return scanner.Export{}, false
	}
	// a package's member re-exported (Export.Extern) is followed only
	// when it launches (importedConst); it offers no sinks or constants
	if len(v.Path) == 2 && !strings.HasSuffix(v.Path[1], "()") {
		// Runner.configure(bin=...): a method of the class that stores
		// its argument in a field the class runs (setterOf)
		if e, ok := a.lookup(v.Mod, v.Path[0]+"."+v.Path[1]); ok && len(e.Sinks) > 0 {
			return e, true
		}
	}
	if e, ok := a.lookup(v.Mod, v.Path[0]); ok {
		return e, true
	}
	if len(v.Path) > 1 {
		mod := v.Mod
		if !strings.HasSuffix(mod, ".") {
			mod += "."
		}
		mod += strings.Join(v.Path[:len(v.Path)-1], ".")
		if e, ok := a.lookup(mod, v.Path[len(v.Path)-1]); ok {
			return e, true
		}
		if len(v.Path) > 2 {
			// from app import config; config.settings.agent_bin: a
			// value inside a module imported from its package
			sub := v.Mod
			if !strings.HasSuffix(sub, ".") {
				sub += "."
			}
			if e, ok := a.lookup(sub+v.Path[0], strings.Join(v.Path[1:], ".")); ok {
				return e, true
			}
			// config.Commands.review(), config.load().cmd: the rest read
			// in the submodule as an import of it is read
			if e, ok := a.imported(value{K: vRef, Mod: sub + v.Path[0], Path: v.Path[1:], Node: v.Node, Lit: none}); ok {
				return e, true
			}
		}
		// AGENT["cmd"], cfg.binary, Conf.binary: a constant inside a
		// module's value
		e, ok := a.lookup(v.Mod, strings.Join(v.Path, "."))
		if st, static := staticCall(v.Path); !ok && static {
			if e, ok = a.lookup(v.Mod, st); ok {
				e.Name = strings.Join(v.Path, ".")
			}
		}
		if !ok && len(v.Path) == 2 && !strings.HasSuffix(v.Path[0], "()") && !strings.HasSuffix(v.Path[1], "()") {
			// settings.argv with settings = Settings() there: an
			// attribute any instance of the module has (a property, a
			// base class's field)
			if e, ok = a.lookup(v.Mod, anyReturn+"."+v.Path[1]); ok {
				e.Name = strings.Join(v.Path, ".")
			}
		}
		if ok || len(v.Path) != 2 || !strings.HasSuffix(v.Path[0], "()") {
			return e, ok
		}
		// Cfg().binary: a class attribute (a dataclass field's default)
		// read through an instance
		cls := strings.TrimSuffix(v.Path[0], "()")
		if e, ok := a.lookup(v.Mod, cls+"."+v.Path[1]); ok && len(e.Consts) > 0 {
			return e, true
		}
		// get_backend().command: any instance of the module
		if e, ok := a.lookup(v.Mod, anyReturn+"."+v.Path[1]); ok {
			e.Name = strings.Join(v.Path, ".")
			return e, true
		}
		// Runner().run("claude"): a method of the module by its name
		// (any class's: over-approximation)
		if e, ok := a.lookup(v.Mod, v.Path[1]); ok && len(e.Sinks) > 0 {
			return e, true
		}
		return scanner.Export{}, false
	}
	return scanner.Export{}, false
}

// staticCall is the summary's name of what a method called on its class
// returns (`Commands.review()`, a static or class method): the name of
// what it returns through an instance (`Commands().review()`).
func staticCall(path []string) (string, bool) {
	if len(path) != 2 || !strings.HasSuffix(path[1], "()") || strings.HasSuffix(path[0], "()") {
		return "", false
	}
	return path[0] + "()." + path[1], true
}

// importedConst is the value at node n of ref v when another file of the
// repository defines it as a constant.
func (a *analyzer) importedConst(v value, n int32) (value, bool) {
	c, ok := a.declaredConst(v, n)
	if a.p.Imports == nil {
		return c, ok
	}
	name := sharedName(v.Path)
	if name == "" {
		return c, ok
	}
	if !ok {
		// not a constant there (or naming no runtime): what files write
		// to it, if any; a name the module offers otherwise (a dict whose
		// entries it holds, a helper) is read as such
		if _, offered := a.imported(v); offered {
			return c, ok
		}
		members := v
		members.Path = append(slices.Clone(v.Path), scanner.AnyMember)
		if _, offered := a.imported(members); offered {
			return c, ok
		}
		s := a.sharedValue(treesitter.Value{K: vUnknown, Node: n, Lit: none}, readModules(v), name, n)
		if s.K == vUnknown {
			return c, ok
		}
		return s, true
	}
	if c.K != vStr && c.K != vArr {
		// offered with no value of its own (a dict whose entries the
		// summary holds): its members are read by their paths
		return c, ok
	}
	return a.sharedValue(c, readModules(v), name, n), true
}

// declaredConst is importedConst without the values other files write to
// the name (sharedValue).
func (a *analyzer) declaredConst(v value, n int32) (value, bool) {
	if a.p.Imports == nil || len(v.Path) == 0 {
		return value{}, false
	}
	e, ok := a.imported(v)
	if !ok {
		return value{}, false
	}
	for _, x := range e.Extern {
		if x.Name == "" {
			// a library's module bound by another module
			// (`import claude_agent_sdk as sdk`): its members are the
			// library's
			if _, ok := launchingModule(normModule(x.Spec)); ok {
				a.use(scanner.Step{File: e.File, Line: x.At.Line, Column: x.At.Column, Note: fmt.Sprintf("`%s` is the module `%s`", e.Name, x.Spec)})
				return value{K: vRef, Mod: normModule(x.Spec), Node: n, Lit: none}, true
			}
			continue
		}
		// a library's launching function bound by another module: its
		// calls are that function's
		lib := value{K: vRef, Mod: normModule(x.Spec), Path: strings.Split(x.Name, "."), Node: n, Lit: none}
		if launching(apiOf(lib)) {
			a.use(scanner.Step{File: e.File, Line: x.At.Line, Column: x.At.Column, Note: fmt.Sprintf("`%s` is `%s.%s`", e.Name, x.Spec, x.Name)})
			r := a.refValue(lib)
			// a partial binding the command: the call runs it
			bound := v
			bound.Path = append(append([]string{}, v.Path[:len(v.Path)-1]...), v.Path[len(v.Path)-1]+partialArg)
			if pe, ok := a.imported(bound); ok && r.K == vRef && (len(pe.Consts) > 0 || pe.Dynamic) {
				r.Elems = []value{treesitter.FromExport(a.p.Config, pe, n)}
			}
			return r, true
		}
	}
	if len(e.Consts) == 0 && !e.Dynamic {
		return value{}, false
	}
	if e.Dynamic {
		if a.link.dyn == nil {
			a.link.dyn = map[string]string{}
		}
		a.link.dyn[dynKey(v.Mod, v.Path[0])] = e.File
	}
	a.use(scanner.Step{File: e.File, Line: max(e.At.Line, 1), Column: max(e.At.Column, 1), Note: fmt.Sprintf("`%s` defined", e.Name)})
	return treesitter.FromExport(a.p.Config, e, n), true
}

// dynKey keys an import in linkState.dyn: the module as written and the
// name read from it.
func dynKey(mod, name string) string { return mod + "\x00" + name }

// cutReads reports a process API call n that launched nothing known but
// whose arguments read, as written, an import whose value a bound of the
// repository phase cut (an unknown is not absent): dynamic.
func (a *analyzer) cutReads(n int32) {
	if len(a.link.dyn) == 0 {
		return
	}
	t := a.t
	args := t.Child(n, fArguments)
	if args == none {
		return
	}
	name, file := "", ""
	spent := 0
	a.walkReads(args, map[int32]bool{}, &spent, func(b binding, id int32) {
		if name != "" {
			return
		}
		attr := ""
		if len(b.path) > 0 {
			attr = b.path[0]
		} else if p := t.Nodes[id].Parent; p != none && t.Nodes[p].Kind == kAttribute && t.Child(p, fObject) == id {
			// import m; m.CMD
			if at := t.Child(p, fAttribute); at != none {
				attr = t.Text(at)
			}
		}
		if f, ok := a.link.dyn[dynKey(b.mod, attr)]; ok && attr != "" {
			name, file = attr, f
		}
	})
	if name == "" {
		return
	}
	at := t.Pos(n)
	a.p.Report(scanner.Finding{Line: at.Line, Column: at.Column, Runtime: "unknown", Class: scanner.ClassDynamic,
		Message: fmt.Sprintf("a process API runs a value read from `%s` of %s, which the repository phase could not follow past a bound (a cycle of imports, more than %d modules, or a summary cut)", name, file, scanner.MaxLinkDepth)})
}

// importedReturn is the value a function of another file of the
// repository returns (`agent_cmd()`), when it is a constant there.
func (a *analyzer) importedReturn(callee value, n int32) (value, bool) {
	if a.p.Imports == nil || apiOf(callee) != apiNone || strings.HasPrefix(callee.Mod, "#") || len(callee.Path) == 0 {
		return value{}, false
	}
	r := callee
	r.Path = append(append([]string{}, callee.Path[:len(callee.Path)-1]...), callee.Path[len(callee.Path)-1]+"()")
	return a.importedConst(r, n)
}

// importedCalled is what the call of fn, itself a call of a function of
// another file of the repository that returns a function (`outer()()`),
// returns when it is a constant there (the summary's `outer()()`).
func (a *analyzer) importedCalled(fn, n int32) (value, bool) {
	t := a.t
	if a.p.Imports == nil || t.Nodes[fn].Kind != kCall {
		return value{}, false
	}
	inner := t.Child(fn, fFunction)
	if inner == none || !a.worthEvaluating(inner) {
		return value{}, false
	}
	callee := a.ev.Eval(inner)
	if callee.K != vRef || apiOf(callee) != apiNone || strings.HasPrefix(callee.Mod, "#") || len(callee.Path) == 0 {
		return value{}, false
	}
	r := callee
	r.Path = append(append([]string{}, callee.Path[:len(callee.Path)-1]...), callee.Path[len(callee.Path)-1]+"()()")
	return a.importedConst(r, n)
}

// use records a step of another file that the call being judged reads.
// summarizeEnv records the environment variables the module sets to a
// value naming a runtime (`os.environ.setdefault("AGENT_BIN", "claude")`,
// `os.environ["AGENT_BIN"] = ...`, `os.putenv`), anywhere in it: a file
// of the repository reading one may see the value (Summary.Env).
func (a *analyzer) summarizeEnv() {
	for _, s := range a.envSets {
		k := a.ev.Eval(s[0])
		if !k.Known() || k.Alt != nil || k.S == "" {
			continue
		}
		strs := constStrings(a.ev.Eval(s[1]))
		if len(strs) > 0 && a.p.Config.MentionsRuntime([]byte(strings.Join(strs, " "))) {
			a.link.sum.AddEnv(k.S, scanner.Const{Vals: strs, At: a.t.Pos(s[1])})
		}
	}
}

func (a *analyzer) use(st scanner.Step) {
	dup := false
	for _, u := range a.link.used {
		dup = dup || u == st
	}
	if !dup {
		a.link.used = append(a.link.used, st)
	}
}

// argsMayName reports whether the arguments of a call of a helper past a
// bound may name a runtime by their values (treesitter.MayNameRuntime:
// also a dict's or the keyword arguments' values), or read a value past a
// bound (Evaluator.CutSeen: `str(x)` drops the mark, not the bound).
func (a *analyzer) argsMayName(pos []int32, kw value) bool {
	t := a.t
	seen := a.ev.CutSeen
	for _, c := range pos {
		if t.Nodes[c].Kind == kListSplat {
			c = t.Nodes[c].First
		}
		if treesitter.MayNameRuntime(a.p.Config, a.ev.Eval(c), a.memberValues) || a.ev.CutSeen > seen {
			return true
		}
	}
	return treesitter.MayNameRuntime(a.p.Config, kw, a.memberValues) || a.ev.CutSeen > seen
}

// memberValues are the values of a dict literal's entries, or of a
// call's keyword arguments (a `**` splat's whole value): what a dict
// handed to a helper may carry.
func (a *analyzer) memberValues(v value) []value {
	t := a.t
	if v.Obj == none {
		return nil
	}
	if k := t.Nodes[v.Obj].Kind; k != kDictionary && k != kArgumentList {
		return nil
	}
	var out []value
	for c := t.Nodes[v.Obj].First; c != none; c = t.Nodes[c].Next {
		switch t.Nodes[c].Kind {
		case kPair, kKeywordArgument:
			out = append(out, a.ev.Eval(t.Child(c, fValue)))
		case kDictionarySplat:
			out = append(out, a.ev.Eval(t.Nodes[c].First))
		}
	}
	return out
}

// judgeHelper judges a call of another file's helper: the arguments at
// the parameters that reach its process API are the command.
func (a *analyzer) judgeHelper(n int32, name string, e scanner.Export, pos []int32, kw value) {
	t := a.t
	at := t.Pos(n)
	if e.Dynamic {
		// A bound cut the way to the helper: a call that names a runtime,
		// in its text or by its arguments' values (an imported constant,
		// a name bound to one), is dynamic, never silently green. The
		// text names one as a word (Config.NamesRuntime): a free name
		// `apiKey` holds `pi` but is judged by its value, like `warp`.
		if a.p.Config.NamesRuntime(t.Src[t.Nodes[n].Start:t.Nodes[n].End]) || a.argsMayName(pos, kw) {
			a.p.Report(scanner.Finding{Line: at.Line, Column: at.Column, Runtime: "unknown", Class: scanner.ClassDynamic,
				Message: fmt.Sprintf("`%s` from %s may launch a runtime named in its arguments, but following it reached a bound of the repository phase", name, e.File)})
		}
		return
	}
	var prog *value
	var progSink scanner.Sink
	var elems []scanner.Arg // a wrapper's argv with the caller's values (SinkArgElem)
	var elemSink scanner.Sink
	// run_tool(*CMD): a splat among the arguments gives its elements
	// the positions from there on
	var spread []value
	exactTo := -1
	splat := slices.ContainsFunc(pos, func(c int32) bool { return t.Nodes[c].Kind == kListSplat })
	if splat {
		spread, exactTo = treesitter.Spread(pos, a.splatOf, a.ev.Eval)
	}
	for _, k := range e.Sinks {
		if k.Param < 0 {
			continue // an attribute of the instance (subclass)
		}
		if line, ok := strings.CutPrefix(k.Field, contextLine); ok {
			// review(c): the helper runs line on the Context c
			if k.Param < len(pos) && t.Nodes[pos[k.Param]].Kind != kListSplat && isContext(a.ev.Eval(pos[k.Param])) {
				mark := a.p.Mark()
				a.scanShell(treesitter.Str(line, n), none, at)
				a.p.AddChain(mark, k.Chain())
			}
			continue
		}
		if k.Field == contextAround {
			// review(c, "claude"): the helper runs a line built around
			// the parameter on the Context c it is handed first
			if len(pos) == 0 || t.Nodes[pos[0]].Kind == kListSplat || !isContext(a.ev.Eval(pos[0])) {
				continue
			}
			k.Field = ""
		}
		v, ok := a.prop(kw, k.Name)
		switch {
		case splat && (k.Rest || !ok || k.Name == ""):
			switch {
			case k.Rest:
				v = value{K: vArr, Elems: treesitter.SpreadRest(spread, exactTo, k.Param), Node: pos[0], Lit: none}
			default:
				var passed bool
				if v, passed = treesitter.SpreadParam(a.ev.Cfg, spread, exactTo, k.Param, pos[0]); !passed {
					continue
				}
			}
		case k.Rest:
			// *args: the arguments from its position on, as a list
			if k.Param >= len(pos) {
				continue
			}
			// (no splat among them: the case above)
			v = a.ev.Eval(pos[k.Param])
			if len(pos) > k.Param+1 {
				v = a.restFrom(pos, k.Param, pos[k.Param])
			}
			if v.K != vArr {
				v = value{K: vArr, Elems: []value{v}, Node: pos[k.Param], Lit: none}
			}
		case !ok || k.Name == "":
			if k.Param >= len(pos) {
				continue
			}
			v = a.ev.Eval(pos[k.Param])
		}
		if meth, ok := strings.CutPrefix(k.Field, methodField); ok {
			// execute(ClaudeAgent(), p): what the instance's method returns
			rv, named := a.methodReturn(v, strings.TrimSuffix(meth, "()"), n)
			if !named {
				// an instance of a class not known here: dynamic in a
				// file that names a runtime as a command could be
				// written (`"claude"`, not a prompt's later word), never
				// silent
				if _, named := a.p.Config.NamedAsCommand(a.p.Src, nil); named && a.p.Hits.Has(scanner.HitRuntime) {
					a.p.Report(scanner.Finding{Line: at.Line, Column: at.Column, Runtime: "unknown", Class: scanner.ClassDynamic,
						Message: fmt.Sprintf("`%s` of %s runs what `%s` returns on the instance it is handed, whose class is not known here", name, e.File, meth)})
				}
				continue
			}
			v = rv
		}
		if k.Field == calledParam {
			// the caller's function: what it returns
			if v.K != vFunc || v.Fn == none {
				continue
			}
			fn := v.Fn
			v = a.ev.ReturnValue(fn, n)
			if r := a.onlyReturn(fn); r != none {
				// RED where the command is written
				v.Lit = r
				if t.Nodes[r].Kind != kString {
					v.Lit = none
				}
				a.judgeSink(k, v, t.Pos(r))
				continue
			}
		}
		if k.Role == scanner.SinkProgram {
			if prog == nil {
				prog, progSink = &v, k
			}
			continue
		}
		if k.Role == scanner.SinkArgElem {
			if elems == nil {
				elems, elemSink = slices.Clone(k.Args), k
			}
			if k.At == elemSink.At && k.Elem < len(elems) {
				elems[k.Elem] = t.Arg(v)
			}
			continue
		}
		a.judgeSink(k, v, at)
	}
	if prog != nil {
		a.judgeSink(progSink, *prog, at)
	}
	if elems != nil {
		// run_tool("claude") => subprocess.run(["/usr/bin/env", prog])
		a.p.JudgeThrough(scanner.Command{Argv: append([]scanner.Arg{scanner.Lit(elemSink.Program)}, elems...), At: at, API: true}, elemSink.Chain())
	}
}

// restFrom is the list of the positional arguments pos from position i
// on, as a `*args` parameter there receives them (a `*x` splat gives its
// list's elements, treesitter.Spread; of anything else, an unknown
// element), at node n.
func (a *analyzer) restFrom(pos []int32, i int, n int32) value {
	if !slices.ContainsFunc(pos[:min(i, len(pos))], func(c int32) bool { return a.t.Nodes[c].Kind == kListSplat }) {
		// the positions before i are exact: only those from i are read
		pos, i = pos[min(i, len(pos)):], 0
	}
	vals, exactTo := treesitter.Spread(pos, a.splatOf, a.ev.Eval)
	return value{K: vArr, Elems: treesitter.SpreadRest(vals, exactTo, i), Node: n, Lit: none}
}

// scriptCalls judges the repository's shell scripts an argv runs by path
// with the arguments it gives them (scanner.Pass.ScriptsToJudge), through
// the helper being judged, if any.
func (a *analyzer) scriptCalls(argv []scanner.Arg) {
	for _, r := range a.p.ScriptsToJudge(argv) {
		if ex, ok := a.p.Imports.Script(r.Spec); ok {
			a.p.JudgeScript(r, ex, a.link.via)
		}
	}
}

// isContext reports whether v may be an invoke Context or a fabric
// Connection (a task's first parameter, Context(...)): an object whose
// run, sudo and local run a line in a shell.
func isContext(v value) bool {
	for _, p := range v.Possibilities() {
		if p.K != vRef || len(p.Path) != 1 || !strings.HasSuffix(p.Path[0], "()") {
			continue
		}
		if connections[p.Mod+":"+strings.TrimSuffix(p.Path[0], "()")] && (p.Mod == "invoke" || p.Mod == "fabric") {
			return true
		}
	}
	return false
}

// judgeSink judges value v reaching sink k of another file's helper, at
// the call site at: the launch carries the chain to the process API.
func (a *analyzer) judgeSink(k scanner.Sink, v value, at scanner.Pos) {
	t := a.t
	chain := k.Chain()
	mark := a.p.Mark()
	a.link.via = chain
	defer func() { a.link.via = nil }()
	switch {
	case k.Role == scanner.SinkProgram:
		a.p.JudgeThrough(scanner.Command{Argv: []scanner.Arg{t.Arg(v)}, At: at, API: true, Alts: treesitter.AltArgs(t, v.Alt)}, chain)
		return
	case k.Role == scanner.SinkShell && v.K == vStr && k.Around != [2]string{}:
		// sh("cd x && claude -p") => run(f"set -e; {cmd}", shell=True):
		// the caller's value inside the helper's line, reported at the
		// caller's value
		for i, p := range v.Possibilities() {
			text, ok := treesitter.ShellText(p)
			if !ok {
				continue
			}
			pos := at
			if lit := p.Lit; (i == 0 && v.Lit != none) || (i > 0 && lit != none) {
				if i == 0 {
					lit = v.Lit
				}
				pos = a.contentPos(lit)
			}
			from := a.p.Mark()
			a.p.ScanShell(k.Around[0]+text+k.Around[1], pos, "")
			fs := a.p.Findings()
			for j := from; j < len(fs); j++ {
				fs[j].Line, fs[j].Column = pos.Line, pos.Column
			}
		}
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

// subclass judges a class of this file derived from a class of another
// file whose method hands an attribute of the instance to a process API
// (`class Claude(Runner): binary = "claude"`): the attribute the subclass
// sets is the program, judged where it is set.
func (a *analyzer) subclass(cls int32) {
	t := a.t
	sup := t.Child(cls, fSuperclasses)
	if sup == none {
		return
	}
	var attrs map[string]int32
	for c := t.Nodes[sup].First; c != none; c = t.Nodes[c].Next {
		if k := t.Nodes[c].Kind; k != kIdentifier && k != kAttribute {
			continue
		}
		e, ok := a.importedName(c)
		if !ok {
			continue
		}
		if e.Dynamic {
			a.judgeHelper(cls, t.Text(c), e, nil, value{})
			continue
		}
		for _, k := range e.Sinks {
			if k.Param != scanner.ParamThis || k.Field == "" {
				continue
			}
			a.inherit(cls, t.Text(c), e.File, k)
			if attrs == nil {
				attrs = a.classAttrs(cls)
			}
			if meth, ok := strings.CutSuffix(k.Field, "()"); ok {
				// def build_command(self): an override of the method
				// whose return value the base class runs
				a.judgeOverride(cls, meth, k)
				continue
			}
			if val, ok := attrs[k.Field]; ok {
				a.judgeSink(k, a.ev.Eval(val), t.Pos(val))
			} else if vals := a.selfAttrs[k.Field]; len(vals) > 0 {
				// set in __init__ (self.binary = ...): any such value of the file
				a.judgeSink(k, a.ev.Attr(k.Field, vals, cls), t.Pos(cls))
			}
		}
	}
}

// typeCall judges call n when it is `type(name, (Base, ...), {...})`, a
// class made at run time deriving from another module's class whose
// method hands an instance field to a process API (`self.binary`): the
// dict's entry of that field is the subclass's attribute, judged at the
// call (as subclass does for a class statement).
func (a *analyzer) typeCall(n int32) {
	t := a.t
	fn := t.Child(n, fFunction)
	if fn == none || t.Nodes[fn].Kind != kIdentifier || !t.Is(fn, "type") || a.bound(fn) {
		return
	}
	pos, _ := a.callArgs(n)
	if len(pos) != 3 || t.Nodes[pos[1]].Kind != kTuple {
		return
	}
	var ns value
	read := false
	for c := t.Nodes[pos[1]].First; c != none; c = t.Nodes[c].Next {
		if k := t.Nodes[c].Kind; k != kIdentifier && k != kAttribute {
			continue
		}
		e, ok := a.importedName(c)
		if !ok {
			continue
		}
		if e.Dynamic {
			// a bound cut the way to the base: its methods may run what
			// the dict sets
			a.judgeHelper(n, t.Text(c), e, pos[2:], value{})
			continue
		}
		for _, k := range e.Sinks {
			if k.Param != scanner.ParamThis || k.Field == "" || strings.HasSuffix(k.Field, "()") {
				continue
			}
			if !read {
				ns, read = a.ev.Eval(pos[2]), true
			}
			if v, ok := a.prop(ns, k.Field); ok {
				a.judgeSink(k, v, t.Pos(n))
			}
		}
	}
}

// inherit offers instance sink k of base class base (of file) under the
// name of class cls, which derives from it, and of the file's classes
// deriving from cls: a subclass of another module that imports one of
// them and overrides the method (or sets the field) chooses what runs,
// and is read in the next round. The chain names the class in between;
// past MaxLinkDepth the summary is truncated.
func (a *analyzer) inherit(cls int32, base, file string, k scanner.Sink) {
	t := a.t
	nm := t.Child(cls, fName)
	if nm == none {
		return
	}
	name := t.Text(nm)
	k.Via = scanner.CutVia(append([]scanner.Step{a.step(cls, fmt.Sprintf("`%s` derives from `%s` of %s", name, base, file))}, k.Via...))
	a.link.sum.AddSink(name, k)
	for _, sub := range a.subclassesOf(name, cls) {
		if sn := t.Child(sub, fName); sn != none {
			a.link.sum.AddSink(t.Text(sn), k)
		}
	}
}

// judgeOverride judges what method meth of class cls returns (and the
// same-named methods of the file's classes deriving from it), reaching
// sink k of the base class: RED where the method is defined.
func (a *analyzer) judgeOverride(cls int32, meth string, k scanner.Sink) {
	nm := a.t.Child(cls, fName)
	if nm == none {
		return
	}
	for _, fn := range a.classMethods(a.t.Text(nm), cls)[meth] {
		a.judgeSink(k, a.ev.ReturnValue(fn, fn), a.t.Pos(fn))
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
			if h.method != nil {
				sinks, file = h.method.Sinks, h.method.File
			} else if h.callee.K == vRef {
				if e, ok := a.imported(h.callee); ok {
					sinks, file = e.Sinks, e.File
				}
			} else {
				sinks = a.link.sum.Sinks[h.name]
			}
			for _, k := range sinks {
				if k.Param < 0 || k.Field == calledParam {
					continue
				}
				arg := int32(none)
				if v, ok := a.prop(h.kw, k.Name); ok && k.Name != "" {
					arg = v.Node
				} else if k.Param < len(h.pos) {
					arg = h.pos[k.Param]
				}
				if k.Rest {
					// def go(b): run(b, "-p"): b is the program of run's *args
					k.Rest, k.Role = false, scanner.SinkProgram
				}
				if k.Role == scanner.SinkShell {
					arg = a.concatParam(arg)
				}
				where := "`" + h.name + "`"
				if file != a.p.Path {
					where += " of " + file
				}
				caller, _, _, ok := a.paramOf(arg)
				if !ok {
					// run(self.build_command()): what the instance gives
					// the helper, chosen by a subclass (a line run on a
					// Context is no value of the instance)
					if strings.HasPrefix(k.Field, contextLine) || strings.HasPrefix(k.Field, methodField) {
						continue
					}
					if k.Role == scanner.SinkProgram || k.Role == scanner.SinkArgv || k.Role == scanner.SinkShell {
						st := a.step(h.n, where)
						a.sinkThis(arg, k, &st)
					}
					continue
				}
				note := fmt.Sprintf("`%s` calls %s", caller, where)
				nk := k
				nk.Via = scanner.CutVia(append([]scanner.Step{a.step(h.n, note)}, k.Via...))
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
// (`from .run import`, `pkg.run`, `import run`, `from run import`,
// `importlib.import_module("run")`), or its package, whose __init__ may
// re-export it or be it, the same ways, or imports from a package by dots
// alone (`from . import`, `from .. import`), the only way to name the
// root's __init__.
func (Detector) Mentions(rel string) [][]byte {
	out := [][]byte{[]byte(". import")}
	names := func(n string) {
		out = append(out, []byte("."+n), []byte("import "+n), []byte("from "+n+" "), []byte("from "+n+"."),
			[]byte(`"`+n), []byte("'"+n))
	}
	if b := strings.TrimSuffix(strings.TrimSuffix(path.Base(rel), ".py"), ".pyi"); b != "__init__" {
		names(b)
	}
	if dir := path.Dir(rel); dir != "." {
		names(path.Base(dir))
	}
	return out
}

// launching reports whether a library function of kind k starts a
// process or the Agent SDK (or builds its options or a command object).
func launching(k api) bool {
	return k >= apiSubprocess && k <= apiOptions || k == apiRemoteShell || k == apiShCommand || k == apiPlumbumGet || k == apiContainer
}

// runPaths run a Python file of the repository by path.
var runPaths = map[string]bool{"runpy:run_path": true}

// execFile records the file `exec(open("steps.txt").read())` (or
// `Path(...).read_text()`, through `compile(...)` too) runs: a file of the
// repository that is Python whatever its name (Pass.Runs).
func (a *analyzer) execFile(n int32) {
	pos, _ := a.callArgs(n)
	if len(pos) == 0 {
		return
	}
	if spec, ok := a.readPath(pos[0], 0); ok {
		a.p.Runs = append(a.p.Runs, scanner.Run{Spec: spec, At: a.t.Pos(n), Lang: Name})
	}
}

// commandFile records, as a file a shell runs (Pass.Runs), the file of
// the repository whose text a process API runs: split into words,
// `subprocess.run(shlex.split(Path("agent.cmd").read_text()))`, or as
// the line a shell runs, `os.system(open("job.sh").read().strip())`. A
// shell's reading of the text is a superset of shlex's
// (over-approximation); its launches are reported in that file, with the
// chain to this call.
func (a *analyzer) commandFile(kind api, pos []int32, kw value) {
	switch kind {
	case apiSubprocess, apiTrio, apiAnyio, apiPty, apiPexpect, apiShell, apiShellOut:
	default:
		return
	}
	t := a.t
	_, n := a.firstNode(pos, kw, "args")
	if line := a.splitOf(n); line != none {
		n = line
	}
	for depth := 0; n != none && depth < 4; depth++ {
		switch t.Nodes[n].Kind {
		case kParen:
			n = t.Nodes[n].First
			continue
		case kIdentifier:
			ns := a.boundAll(n)
			n = none
			if len(ns) == 1 {
				n = ns[0]
			}
			continue
		case kCall:
			// .strip(), .rstrip(), .decode(): the text read, trimmed
			fn := t.Child(n, fFunction)
			if p, _ := a.callArgs(n); len(p) == 0 && fn != none && t.Nodes[fn].Kind == kAttribute {
				if m := t.Child(fn, fAttribute); m != none && (t.Is(m, "strip") || t.Is(m, "rstrip") || t.Is(m, "decode")) {
					n = t.Child(fn, fObject)
					continue
				}
			}
		}
		break
	}
	if spec, ok := a.readPath(n, 0); ok {
		a.p.Runs = append(a.p.Runs, scanner.Run{Spec: spec, At: a.t.Pos(n), Lang: "shell"})
	}
}

// runPath records the file runpy.run_path(path) runs.
func (a *analyzer) runPath(n int32, pos []int32, kw value) {
	if p, ok := a.argOr(pos, kw, 0, "path_name"); ok && p.Known() && p.Alt == nil && p.S != "" {
		a.p.Runs = append(a.p.Runs, scanner.Run{Spec: p.S, At: a.t.Pos(n), Lang: Name})
	}
}

// readPath is the path of the file whose text expression n reads:
// `open(p).read()`, `pathlib.Path(p).read_text()`, `io.open(p).read()`,
// and the source of `compile(src, ...)`.
func (a *analyzer) readPath(n int32, depth int) (string, bool) {
	t := a.t
	if n == none || t.Nodes[n].Kind != kCall || depth > 2 {
		return "", false
	}
	fn := t.Child(n, fFunction)
	pos, _ := a.callArgs(n)
	if fn != none && t.Nodes[fn].Kind == kIdentifier && t.Is(fn, "compile") && !a.bound(fn) && len(pos) > 0 {
		return a.readPath(pos[0], depth+1)
	}
	if fn == none || t.Nodes[fn].Kind != kAttribute {
		return "", false
	}
	m := t.Child(fn, fAttribute)
	if m == none || !t.Is(m, "read") && !t.Is(m, "read_text") && !t.Is(m, "read_bytes") {
		return "", false
	}
	opener := t.Child(fn, fObject)
	if opener == none || t.Nodes[opener].Kind != kCall {
		return "", false
	}
	ofn := t.Child(opener, fFunction)
	if ofn == none {
		return "", false
	}
	isOpen := t.Nodes[ofn].Kind == kIdentifier && t.Is(ofn, "open") && !a.bound(ofn)
	if !isOpen {
		switch k, _ := keyOf(a.ev.Eval(ofn), openers); k {
		case "":
			return "", false
		}
	}
	opos, okw := a.callArgs(opener)
	p, ok := a.argOr(opos, okw, 0, "file")
	if !ok || !p.Known() || p.Alt != nil || p.S == "" {
		return "", false
	}
	return p.S, true
}

// openers open a file by path: their first argument is the path.
var openers = map[string]bool{"io:open": true, "codecs:open": true, "pathlib:Path": true, "pathlib:PurePath": true, "pathlib:PosixPath": true}

// djangoSettings is the module Django's lazy settings object stands for
// (`from django.conf import settings`, then `settings.AGENT["cmd"]`):
// the project's settings module, whichever DJANGO_SETTINGS_MODULE names.
const djangoSettings = "django.conf.settings"

// ResolveIn implements scanner.ConfigResolver: Resolve, and Django's
// settings object as the repository's settings module, a file named
// settings.py (or a settings package's __init__.py) anywhere: the one
// nearest the importing file's folder, else the first in path order (an
// over-approximation: which one DJANGO_SETTINGS_MODULE names is read at
// run time).
func (d Detector) ResolveIn(from, spec string, repo scanner.Files) (string, bool) {
	if spec != djangoSettings {
		return d.Resolve(from, spec, repo.Exists)
	}
	cands := slices.Clone(repo.Named("settings.py"))
	for _, rel := range repo.Named("__init__.py") {
		if path.Base(path.Dir(rel)) == "settings" {
			cands = append(cands, rel)
		}
	}
	if len(cands) == 0 {
		return "", false
	}
	for dir := path.Dir(from); ; dir = path.Dir(dir) {
		for _, c := range cands {
			if strings.HasPrefix(c, dir+"/") || dir == "." {
				return c, true
			}
		}
		if dir == "." {
			break
		}
	}
	return cands[0], true
}
