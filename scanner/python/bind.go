package python

import (
	"maps"
	"slices"
	"strings"

	"github.com/leasegate/leasegate/scanner/treesitter"
)

// binding is one place a name gets a value in the file: an assignment, an
// import, or a parameter/loop variable (whose value is unknown).
type binding struct {
	value int32  // the expression assigned, or none
	mod   string // for imports: the module
	path  []string
	ref   bool // an import: the value is mod + path
	param bool // unknown value
	name  int32

	// A plain parameter of a named function: its value is resolved from
	// the function's call sites in the file.
	fn     string
	method bool // a method: called as x.fn(...), self not passed
	index  int  // position among the positional parameters
	def    int32

	each bool // a loop variable: any element of the list value iterates
	// with: a `with X as name` target, whose value is X (the context
	// manager, as a connection's __enter__ returns itself).
	with bool
	// star is 1 for a `*args` parameter (index: the position it starts
	// at) and 2 for `**kwargs` of the named function starOf; the value
	// stays unknown in the file, the repository phase reads the calls.
	star   int8
	starOf string
	// elem is, for a name in a tuple target (`sh, flag = pair()`), its
	// position plus one: the value is that element of the value. sub
	// are the positions (plus one) inside it for a nested target
	// (`for i, (name, tool) in ...`), outermost first.
	elem int
	sub  []int
}

// mutation is an in-place change of a list or string a name holds:
// `cmd += [...]`, `cmd[i] = x`, `cmd[:0] = [...]`, or any method called on
// the name (`cmd.insert(0, x)`, `cmd.reverse()`; see listMethods).
type mutation struct {
	at    uint32 // byte offset of the statement
	node  int32  // the statement or call, for its scope
	op    string // "+=", "[]", "[:]", or the method's name
	index int32  // "[]": the subscript
	value int32  // "+=", "[]", "[:]": the value; a method: its argument list
	// alias says the change is made through another name bound to the
	// same object (`a = argv; a[0] = "claude"`): a string's `+=` through
	// it rebinds that name only.
	alias bool
}

// declKey names a `global`/`nonlocal` declaration of a name in a function.
type declKey struct {
	fn   int32
	name string
}

// collect records every binding of every name in the file, walking the
// flat node array (linear, no recursion).
func (a *analyzer) collect() {
	t := a.t
	a.collectDecls()
	for i := int32(0); i < int32(len(t.Nodes)); i++ {
		n := &t.Nodes[i]
		switch n.Kind {
		case kAssignment:
			l := t.Child(i, fLeft)
			r := t.Child(i, fRight)
			if r == none {
				// a bare annotation binds nothing; in a class body it
				// declares a field (`program: str`)
				if l != none && t.Nodes[l].Kind == kIdentifier && a.inClassBody(l) {
					a.addField(l)
				}
				continue
			}
			if t.Nodes[r].Kind == kAssignment {
				continue // chained: the inner assignment binds with the final value
			}
			a.bindTarget(l, r)
			if t.Nodes[r].Kind == kIdentifier && l != none && t.Nodes[l].Kind == kIdentifier {
				// a = argv: one list under two names (passAliases)
				a.aliases = append(a.aliases, [2]int32{l, r})
			}
			if t.Nodes[r].Kind == kAttribute && l != none && t.Nodes[l].Kind == kIdentifier {
				// r = runner.run: a bound method taken as a value
				// (linkBoundMethods)
				a.boundMethods = append(a.boundMethods, [2]int32{l, r})
			}
			// a = b = "x": walk up the chain.
			for p := n.Parent; p != none && t.Nodes[p].Kind == kAssignment; p = t.Nodes[p].Parent {
				a.bindTarget(t.Child(p, fLeft), r)
			}
		case kAugmentedAssignment:
			l := t.Child(i, fLeft)
			if l != none && t.Nodes[l].Kind == kIdentifier {
				op := t.Child(i, fOperator)
				if op != none && t.Is(op, "+=") {
					a.addMutation(l, mutation{at: n.Start, node: i, op: "+=", value: t.Child(i, fRight)})
				} else {
					a.scopes.Bind(l, binding{value: none, param: true, name: l})
				}
			}
		case kNamedExpression:
			if nm := t.Child(i, fName); nm != none {
				a.scopes.Bind(nm, binding{value: t.Child(i, fValue), name: nm})
			}
		case kImport:
			a.collectImport(i)
		case kImportFrom:
			a.collectImportFrom(i)
		case kParameters:
			fn, method := a.functionName(i)
			idx := 0
			if method && !a.static(t.Nodes[i].Parent) {
				idx = -1 // self (a classmethod's cls)
				if fn == "__init__" {
					// Task("claude") calls __init__(self, tool): the
					// parameters take the arguments of the class's calls
					fn, method = a.className(t.Nodes[i].Parent), false
				}
			}
			for next := n.First; next != none; next = t.Nodes[next].Next {
				c := next
				nm, def := int32(none), int32(none)
				if f := t.Nodes[c].First; t.Nodes[c].Kind == kTypedParameter && f != none &&
					(t.Nodes[f].Kind == kListSplatPattern || t.Nodes[f].Kind == kDictionarySplatPattern) {
					c = f // `*argv: str` is the star parameter argv
				}
				switch t.Nodes[c].Kind {
				case kIdentifier:
					nm = c
				case kDefaultParameter, kTypedDefaultParameter:
					nm, def = t.Child(c, fName), t.Child(c, fValue)
				case kTypedParameter:
					if f := t.Nodes[c].First; f != none && t.Nodes[f].Kind == kIdentifier {
						nm = f
					}
				case kListSplatPattern, kDictionarySplatPattern:
					if f := t.Nodes[c].First; f != none && t.Nodes[f].Kind == kIdentifier && fn != "" && (!method || idx != -1) {
						star := int8(1)
						if t.Nodes[c].Kind == kDictionarySplatPattern {
							star = 2
						}
						of := fn
						if method {
							of = "." + fn // a method's: its calls are keyed so
						}
						a.scopes.Bind(f, binding{value: none, param: true, name: f, index: idx, star: star, starOf: of})
					} else {
						a.bindUnknown(c)
					}
					idx = -1 << 20 // later parameters are keyword-only
					continue
				default:
					if t.Nodes[c].Kind != kOther {
						a.bindUnknown(c)
					}
					continue
				}
				if nm == none {
					continue
				}
				a.scopes.Bind(nm, binding{value: none, param: true, name: nm, fn: fn, method: method, index: idx, def: def})
				idx++
			}
		case kFor, kForIn:
			// for b in ("git", "claude"): b is any element of the list
			if l := t.Child(i, fLeft); l != none && t.Nodes[l].Kind == kIdentifier {
				if r := t.Child(i, fRight); r != none {
					a.scopes.Bind(l, binding{value: r, each: true, name: l})
					continue
				}
			}
			if l, r := t.Child(i, fLeft), t.Child(i, fRight); r != none && a.bindEach(l, r) {
				continue
			}
			a.bindUnknown(t.Child(i, fLeft))
		case kAsPatternTarget:
			// with Connection(h) as c: c is the context manager
			if f := n.First; f != none && t.Nodes[f].Kind == kIdentifier && t.Nodes[f].Next == none {
				if p := n.Parent; p != none && t.Nodes[p].Kind == kAsPattern && t.Nodes[p].First != i {
					a.scopes.Bind(f, binding{value: t.Nodes[p].First, with: true, name: f})
					continue
				}
			}
			a.bindUnknown(i)
		case kFunction, kClass:
			if nm := t.Child(i, fName); nm != none {
				b := binding{value: none, param: true, name: nm}
				if n.Kind == kFunction {
					b = binding{value: i, name: nm} // a call evaluates its returns
					a.property(i, nm)
				}
				a.scopes.BindIn(nm, b, a.scopes.Of(i))
			}
		case kCall:
			a.collectSetattr(i)
			// cmd.append(x), cmd.insert(i, x), cmd.reverse(), d.update(...):
			// a method called on a name may change what it holds
			fn := t.Child(i, fFunction)
			if fn == none || t.Nodes[fn].Kind != kAttribute {
				continue
			}
			obj := t.Child(fn, fObject)
			at := t.Child(fn, fAttribute)
			if at != none && optionMethods[t.Text(at)] {
				// parser.add_argument("--bin", default="claude"): what
				// the parsed options' attribute may hold (optionValues)
				a.options.Calls = append(a.options.Calls, i)
			}
			if at != none && (t.Is(at, "option") || t.Is(at, "argument")) && n.Parent != none && t.Nodes[n.Parent].Kind == kDecorator {
				// @click.option("--agent", default="claude"): what the
				// command's parameter may hold (optionValues)
				a.options.Calls = append(a.options.Calls, i)
			}
			if obj != none && at != none && isSelfAttr(t, obj) && listMethods[t.Text(at)] != treesitter.ListReadOnly {
				// self.args.append(x): a change of the attribute's list
				a.addMutation(obj, mutation{at: n.Start, node: i, op: t.Text(at), value: t.Child(i, fArguments)})
				continue
			}
			if obj == none || at == none || t.Nodes[obj].Kind != kIdentifier && !isEnviron(t, obj) {
				continue
			}
			m := t.Text(at)
			if (m == "setdefault" && isEnviron(t, obj) || m == "putenv" && t.Is(obj, "os")) && t.Child(i, fArguments) != none {
				// os.environ.setdefault("BIN", v), os.putenv("BIN", v)
				if k := t.Nodes[t.Child(i, fArguments)].First; k != none && t.Nodes[k].Next != none {
					a.envSets = append(a.envSets, [2]int32{k, t.Nodes[k].Next})
				}
			}
			if m == "update" || m == "setdefault" {
				a.dictCalls = append(a.dictCalls, i)
			}
			if listMethods[m] != treesitter.ListReadOnly && t.Nodes[obj].Kind == kIdentifier && !t.Is(obj, "self") {
				a.addMutation(obj, mutation{at: n.Start, node: i, op: m, value: t.Child(i, fArguments)})
			}
		}
	}
	// read when the call sites are first indexed: a file that asks for
	// none does not build the index for them
	a.ev.MoreSites = a.moreSites
	a.functionalTuples()
	a.linkFields()
	a.passAliases()
	a.passMutations()
	a.passImportedChanges()
}

// passAliases makes an in-place change made through a name bound to
// another name (`a = argv`, then `a[0] = "claude"` or `a.append(x)`) a
// change of both: they hold one list. Names are read as the file's
// changes are, by name (flow-insensitive); one level of aliasing, in
// both directions, each change once.
func (a *analyzer) passAliases() {
	t := a.t
	if len(a.muts) == 0 {
		return
	}
	own := make(map[string][]mutation, len(a.aliases)*2)
	for _, p := range a.aliases {
		for _, n := range p {
			k := t.Text(n)
			if _, ok := own[k]; !ok {
				own[k] = slices.Clone(a.muts[k])
			}
		}
	}
	for _, p := range a.aliases {
		l, r := t.Text(p[0]), t.Text(p[1])
		if l == r {
			continue
		}
		for _, m := range own[l] {
			m.alias = true
			a.addMutation(p[1], m)
		}
		for _, m := range own[r] {
			m.alias = true
			a.addMutation(p[0], m)
		}
	}
}

// moreSites adds to the call sites the calls the file makes of its
// functions other than by their names: through a name bound to a method
// (linkBoundMethods), through a library handed one (linkHanded), through
// an instance of a class with `__call__` (linkCallDunder).
func (a *analyzer) moreSites(sites map[string][]int32) {
	if len(a.boundMethods) > 0 {
		a.linkBoundMethods(sites)
	}
	a.linkHanded(sites)
	a.linkCallDunder(sites)
}

// linkHanded makes a function of the file handed to a function the file
// does not define (handsOn: a library's, another module's, a method of
// an object it does not know) a function called there, as handedCalls
// says: `threading.Thread(target=review, args=("claude",))` calls
// review("claude"), `pool.map(review, ["claude"])` too, and by
// convention `executor.submit(review, "claude")` does. The callable is
// a name bound to a def of the file, or `self.m`. Without evaluating any
// callee but those handed one: a name of the file's or `self`'s callee
// is followed where it is defined.
func (a *analyzer) linkHanded(sites map[string][]int32) {
	t := a.t
	var calls []int32
	for _, ss := range sites {
		calls = append(calls, ss...)
	}
	for _, n := range calls {
		if t.Nodes[n].Kind != kCall {
			continue
		}
		fn := t.Child(n, fFunction)
		if fn == none {
			continue
		}
		pos, kw := a.callArgs(n)
		target := a.kwArg(kw, "target")
		if len(pos) == 0 && target == none {
			continue
		}
		cands := pos
		if target != none {
			cands = []int32{target}
		}
		for i, arg := range cands {
			key, ok := a.fileCallable(arg)
			if !ok {
				continue
			}
			if !a.handsOnAsWritten(fn) {
				break
			}
			if target != none {
				i = -1
			}
			callee := value{}
			if t.Nodes[fn].Kind == kIdentifier {
				if bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[fn].Start:t.Nodes[fn].End], fn); ok && len(bs) == 1 && bs[0].ref {
					callee = value{K: vRef, Mod: bs[0].mod, Path: bs[0].path}
				}
			}
			for _, h := range a.handedCalls(fn, callee, pos, kw, i, arg) {
				if a.handed == nil {
					a.handed = map[handedKey]handedCall{}
				}
				k := handedKey{key, h.at}
				if _, dup := a.handed[k]; dup {
					continue
				}
				a.handed[k] = h
				sites[key] = append(sites[key], h.at)
			}
			break
		}
	}
}

// fileCallable reports whether node n names a function of the file a
// call may be handed: a name bound only to a def (not a method), or
// `self.m` for a method m of the file; key is its call sites' key.
func (a *analyzer) fileCallable(n int32) (key string, ok bool) {
	t := a.t
	switch t.Nodes[n].Kind {
	case kIdentifier:
		name := t.Src[t.Nodes[n].Start:t.Nodes[n].End]
		bs, _, found := a.scopes.Lookup(name, n)
		if !found || len(bs) != 1 || bs[0].value == none || t.Nodes[bs[0].value].Kind != kFunction {
			return "", false
		}
		if _, method := a.ev.Methods()[string(name)]; method && slices.Contains(a.ev.Methods()[string(name)], bs[0].value) {
			return "", false
		}
		return string(name), true
	case kAttribute:
		obj, at := t.Child(n, fObject), t.Child(n, fAttribute)
		if obj == none || at == none || t.Nodes[obj].Kind != kIdentifier || !t.Is(obj, "self") {
			return "", false
		}
		if len(a.ev.Methods()[t.Text(at)]) == 0 {
			return "", false
		}
		return "." + t.Text(at), true
	}
	return "", false
}

// handsOnAsWritten is handsOn read from the callee as written, without
// evaluating it: not a function or class of the file, not `self`'s or
// `cls`'s method, not a partial (judged where the partial is called).
func (a *analyzer) handsOnAsWritten(fn int32) bool {
	t := a.t
	if strings.HasSuffix(t.Text(fn), "partial") {
		return false
	}
	switch t.Nodes[fn].Kind {
	case kIdentifier:
		bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[fn].Start:t.Nodes[fn].End], fn)
		if !ok {
			return true // a builtin (map), a wildcard import's name
		}
		return !slices.ContainsFunc(bs, func(b binding) bool { return !b.ref })
	case kAttribute:
		obj := t.Child(fn, fObject)
		return obj != none && !(t.Nodes[obj].Kind == kIdentifier && (t.Is(obj, "self") || t.Is(obj, "cls")))
	case kCall:
		return true
	}
	return false
}

// linkCallDunder makes a call of a name bound to an instance of a class
// of the file that defines `__call__` (`run = Runner()`, then
// `run("claude")`) a call site of that method: Python calls it with
// those arguments.
func (a *analyzer) linkCallDunder(sites map[string][]int32) {
	t := a.t
	dunders := a.ev.Methods()["__call__"]
	if len(dunders) == 0 {
		return
	}
	classes := map[int32]bool{}
	for _, m := range dunders {
		for p := t.Nodes[m].Parent; p != none; p = t.Nodes[p].Parent {
			if t.Nodes[p].Kind == kClass {
				classes[p] = true
				break
			}
		}
	}
	for name, ss := range sites {
		if strings.HasPrefix(name, ".") {
			continue
		}
		for _, site := range ss {
			fn := t.Child(site, fFunction)
			if fn == none || t.Nodes[fn].Kind != kIdentifier {
				continue
			}
			bs, _, ok := a.scopes.Lookup([]byte(name), fn)
			if ok && slices.ContainsFunc(bs, func(b binding) bool { return classes[a.instanceOf(b.value)] }) &&
				!slices.Contains(sites[".__call__"], site) {
				sites[".__call__"] = append(sites[".__call__"], site)
			}
		}
	}
}

// linkBoundMethods makes a call of a name bound to a method taken as a
// value (`r = Runner().run` or `r = runner.run`, then `r(argv)`) a call
// site of the method: `r(argv)` passes what `runner.run(argv)` does, so
// the method's parameters (Evaluator.Param, `.run`) read it. A method of
// an imported module (`r = subprocess.run`) is left out: the callee's
// value says what that call is.
func (a *analyzer) linkBoundMethods(sites map[string][]int32) {
	t := a.t
	for _, lr := range a.boundMethods {
		l, r := lr[0], lr[1]
		at := t.Child(r, fAttribute)
		name := t.Text(l)
		if at == none || len(sites[name]) == 0 || len(a.ev.Methods()[t.Text(at)]) == 0 || a.importObject(t.Child(r, fObject)) {
			continue
		}
		key := "." + t.Text(at)
		for _, site := range sites[name] {
			callee := t.Child(site, fFunction)
			bs, _, ok := a.scopes.Lookup([]byte(name), callee)
			if ok && slices.ContainsFunc(bs, func(b binding) bool { return b.value == r }) && !slices.Contains(sites[key], site) {
				sites[key] = append(sites[key], site)
			}
		}
	}
}

// importObject reports whether n, the object of an attribute, is a name
// bound to an import (a module, or a name taken from one) or a chain of
// attributes on one (`os.path`).
func (a *analyzer) importObject(n int32) bool {
	t := a.t
	for n != none && t.Nodes[n].Kind == kAttribute {
		n = t.Child(n, fObject)
	}
	if n == none || t.Nodes[n].Kind != kIdentifier {
		return false
	}
	bs, _, ok := a.scopes.Lookup([]byte(t.Text(n)), n)
	if !ok {
		return true // a builtin or a wildcard import's name
	}
	return slices.ContainsFunc(bs, func(b binding) bool { return b.ref })
}

// static reports whether the function definition fn is decorated as a
// `@staticmethod`: called through the class or an instance, its first
// parameter takes the first argument.
func (a *analyzer) static(fn int32) bool {
	t := a.t
	if fn == none {
		return false
	}
	dec := t.Nodes[fn].Parent
	if dec == none || t.Nodes[dec].Kind != kDecorated {
		return false
	}
	for c := t.Nodes[dec].First; c != none; c = t.Nodes[c].Next {
		if t.Nodes[c].Kind == kDecorator && t.Nodes[c].First != none && t.Is(t.Nodes[c].First, "staticmethod") {
			return true
		}
	}
	return false
}

// propertyDecorators make a method an attribute of the instance whose
// value is what the method returns.
var propertyDecorators = map[string]bool{"property": true, "cached_property": true, "abstractproperty": true}

// property records what method fn (named at nm) returns as a value of the
// instance's attribute of its name when a decorator makes it a property
// (`@property def executable(self): return "claude"`, also
// functools.cached_property): `self.executable` in any class of the file,
// and in a base class of another module (subclass), reads it as it reads
// an attribute set in `__init__`.
func (a *analyzer) property(fn, nm int32) {
	t := a.t
	dec := t.Nodes[fn].Parent
	if dec == none || t.Nodes[dec].Kind != kDecorated || !a.inClassBody(dec) {
		return
	}
	prop := false
	for c := t.Nodes[dec].First; c != none && !prop; c = t.Nodes[c].Next {
		if t.Nodes[c].Kind != kDecorator || t.Nodes[c].First == none {
			continue
		}
		name := t.Text(t.Nodes[c].First)
		if i := strings.LastIndexByte(name, '.'); i >= 0 {
			name = name[i+1:]
		}
		prop = propertyDecorators[name]
	}
	body := t.Child(fn, fBody)
	if !prop || body == none {
		return
	}
	k := t.Text(nm)
	end := t.Nodes[body].End
	for i := body + 1; i < int32(len(t.Nodes)) && t.Nodes[i].Start < end; i++ {
		if t.Nodes[i].Kind == kReturn && t.Nodes[i].First != none && a.scopes.Of(i) == fn {
			a.selfAttrs[k] = append(a.selfAttrs[k], t.Nodes[i].First)
		}
	}
}

// passMutations makes a change a function makes to its parameter
// (`def add(l): l.insert(0, x)`) a change of each name its call sites
// pass for it (`add(args)`), one call level deep. Every site is read:
// giving its name the change is one entry, and the changes applied to one
// name are bounded at its use (maxMutations, past it unmodelled). Past
// MaxCallSites, a file that is not a seed is left out, as in
// Evaluator.Param: no value of it can name a launch.
func (a *analyzer) passMutations() {
	t := a.t
	names := slices.Sorted(maps.Keys(a.muts))
	for _, name := range names {
		for _, m := range a.muts[name] {
			obj := a.mutationObject(m)
			if obj == none {
				continue
			}
			bs, _, ok := a.scopes.Lookup([]byte(name), obj)
			if !ok || len(bs) != 1 || !bs[0].param || bs[0].fn == "" || bs[0].index < 0 {
				continue
			}
			fn := bs[0].fn
			if bs[0].method {
				fn = "." + fn
			}
			sites := a.ev.CallSites()[fn]
			if len(sites) > treesitter.MaxCallSites && !a.ev.Seed {
				a.ev.Unread = true
				continue
			}
			index := bs[0].index
			for _, site := range sites {
				pos, _ := a.callArgs(site)
				if index < len(pos) && t.Nodes[pos[index]].Kind == kIdentifier {
					a.addMutation(pos[index], m)
				}
			}
		}
	}
}

// passImportedChanges gives each name passed to a function another
// module offers (`with_program(argv, "claude")`, imported) a change of
// op "call": applied where the name is used, it is the changes that
// module's summary says the function makes to that parameter
// (summarizeParamChanges), with this call's arguments. Reading the call
// also makes the file need the module (walkReads reads a change's
// value).
func (a *analyzer) passImportedChanges() {
	t := a.t
	sites := a.ev.CallSites()
	for _, name := range a.scopes.ModuleNames() {
		bs := a.scopes.ModuleBindings(name)
		if len(bs) != 1 || !bs[0].ref || len(bs[0].path) != 1 {
			continue
		}
		calls := sites[name]
		if len(calls) > treesitter.MaxCallSites && !a.ev.Seed {
			a.ev.Unread = true
			continue
		}
		for _, site := range calls {
			pos, _ := a.callArgs(site)
			for j, c := range pos {
				if t.Nodes[c].Kind == kIdentifier && a.boundToList(c) {
					a.addMutation(c, mutation{at: t.Nodes[site].Start, node: site, op: "call", index: int32(j), value: site})
				}
			}
		}
	}
}

// boundToList reports whether name node n is bound to a list literal
// (`argv = ["-p", "x"]`): only such a name is given another module's
// changes (passImportedChanges). Every name passed to any imported
// function made files read the modules of their calls in phase two.
func (a *analyzer) boundToList(n int32) bool {
	bs, _, ok := a.scopes.Lookup(a.t.Src[a.t.Nodes[n].Start:a.t.Nodes[n].End], n)
	if !ok {
		return false
	}
	for _, b := range bs {
		if !b.param && !b.ref && b.value != none && a.t.Nodes[b.value].Kind == kList {
			return true
		}
	}
	return false
}

// namespaceOf is the object whose attribute namespace the expression n
// is, `vars(obj)` or `obj.__dict__`, or none.
func namespaceOf(t *tree, n int32) int32 {
	switch t.Nodes[n].Kind {
	case kCall:
		if fn := t.Child(n, fFunction); fn != none && t.Nodes[fn].Kind == kIdentifier && t.Is(fn, "vars") {
			if args := t.Child(n, fArguments); args != none {
				if c := t.Nodes[args].First; c != none && t.Nodes[c].Next == none && t.Nodes[c].Kind == kIdentifier {
					return c
				}
			}
		}
	case kAttribute:
		if at := t.Child(n, fAttribute); at != none && t.Is(at, "__dict__") {
			return t.Child(n, fObject)
		}
	}
	return none
}

// isSelfAttr reports whether node n is an attribute of self (self.args).
func isSelfAttr(t *tree, n int32) bool {
	if t.Nodes[n].Kind != kAttribute {
		return false
	}
	o := t.Child(n, fObject)
	return o != none && t.Nodes[o].Kind == kIdentifier && t.Is(o, "self")
}

// isClsAttr reports whether node n is an attribute of cls (cls.argv in a
// classmethod: a subclass's class attribute, as self.argv).
func isClsAttr(t *tree, n int32) bool {
	if t.Nodes[n].Kind != kAttribute {
		return false
	}
	o := t.Child(n, fObject)
	return o != none && t.Nodes[o].Kind == kIdentifier && t.Is(o, "cls")
}

// isEnviron reports whether node n is os.environ (or environ).
func isEnviron(t *tree, n int32) bool {
	return t.Is(n, "os.environ") || t.Is(n, "environ")
}

// mutationObject is the name node a mutation changes.
func (a *analyzer) mutationObject(m mutation) int32 {
	t := a.t
	switch t.Nodes[m.node].Kind {
	case kCall:
		if fn := t.Child(m.node, fFunction); fn != none {
			return t.Child(fn, fObject)
		}
	case kSubscript:
		return t.Child(m.node, fValue)
	case kAugmentedAssignment:
		return t.Child(m.node, fLeft)
	}
	return none
}

// collectSetattr records setattr(obj, "name", value) as an attribute of
// an instance, read through any instance (as `obj.name = value`).
func (a *analyzer) collectSetattr(call int32) {
	t := a.t
	fn := t.Child(call, fFunction)
	if fn == none || t.Nodes[fn].Kind != kIdentifier || !t.Is(fn, "setattr") {
		return
	}
	pos, _ := a.callArgs(call)
	if len(pos) != 3 || t.Nodes[pos[1]].Kind != kString {
		return
	}
	name := t.Text(pos[1])
	name = strings.Trim(name[strings.IndexAny(name, `"'`):], `"'`)
	a.selfAttrs[name] = append(a.selfAttrs[name], pos[2])
}

// collectDecls records the `global` and `nonlocal` declarations of each
// function: an assignment to such a name binds it in the module (global)
// or in the enclosing function (nonlocal), so every use there sees it.
func (a *analyzer) collectDecls() {
	t := a.t
	for i := int32(0); i < int32(len(t.Nodes)); i++ {
		k := t.Nodes[i].Kind
		if k != kGlobal && k != kNonlocal {
			continue
		}
		fn := a.scopes.Of(i)
		if fn == none {
			continue
		}
		target := int32(none)
		if k == kNonlocal {
			target = a.scopes.Of(fn)
		}
		if a.decls == nil {
			a.decls = map[declKey]int32{}
		}
		for c := t.Nodes[i].First; c != none; c = t.Nodes[c].Next {
			if t.Nodes[c].Kind == kIdentifier {
				a.decls[declKey{fn, t.Text(c)}] = target
			}
		}
	}
}

// bindName binds the name at node l, in the scope a global or nonlocal
// declaration names when its function has one.
func (a *analyzer) bindName(l int32, b binding) {
	if len(a.decls) > 0 {
		if sc, ok := a.decls[declKey{a.scopes.Of(l), a.t.Text(l)}]; ok {
			a.scopes.BindIn(l, b, sc)
			return
		}
	}
	a.scopes.Bind(l, b)
}

// className is the name of the class whose body defines function fn.
func (a *analyzer) className(fn int32) string {
	t := a.t
	for p := t.Nodes[fn].Parent; p != none; p = t.Nodes[p].Parent {
		if t.Nodes[p].Kind == kClass {
			if nm := t.Child(p, fName); nm != none {
				return t.Text(nm)
			}
			return ""
		}
	}
	return ""
}

// functionalTuples records the fields of the named tuples the file makes
// by a call (`A = namedtuple("A", "bin args")`, `["bin", "args"]`,
// `NamedTuple("A", [("bin", str), ...])`), in order, as a class's: a call
// of A sets them by position or keyword (linkFields).
func (a *analyzer) functionalTuples() {
	t := a.t
	for i := int32(0); i < int32(len(t.Nodes)); i++ {
		if t.Nodes[i].Kind != kAssignment {
			continue
		}
		l, r := t.Child(i, fLeft), t.Child(i, fRight)
		if l == none || r == none || t.Nodes[l].Kind != kIdentifier || t.Nodes[r].Kind != kCall {
			continue
		}
		switch t.Text(t.Child(r, fFunction)) {
		case "namedtuple", "collections.namedtuple", "NamedTuple", "typing.NamedTuple":
		default:
			continue
		}
		pos, _ := a.callArgs(r)
		if len(pos) < 2 {
			continue
		}
		var fields []string
		str := func(n int32) (string, bool) {
			if n == none || t.Nodes[n].Kind != kString {
				return "", false
			}
			v := a.ev.Eval(n)
			return v.S, v.Known()
		}
		switch spec := pos[1]; t.Nodes[spec].Kind {
		case kString:
			if s, ok := str(spec); ok {
				fields = strings.Fields(strings.ReplaceAll(s, ",", " "))
			}
		case kList, kTuple:
			for c := t.Nodes[spec].First; c != none; c = t.Nodes[c].Next {
				name := c
				if t.Nodes[c].Kind == kTuple {
					name = t.Nodes[c].First
				}
				if s, ok := str(name); ok {
					fields = append(fields, s)
				}
			}
		}
		if len(fields) == 0 {
			continue
		}
		if a.fields == nil {
			a.fields = map[string][]string{}
		}
		a.fields[t.Text(l)] = fields
	}
}

// linkFields makes the arguments of a class's calls possibilities of its
// fields (dataclass, attrs, pydantic, NamedTuple: `Job(program="x")` or
// `Job("x")` sets field program), read through any instance.
func (a *analyzer) linkFields() {
	for cls, fields := range a.fields {
		// every site: a field set from more than MaxReturns places is
		// read past that bound by Evaluator.Attr, as its assignments are
		for _, site := range a.ev.CallSites()[cls] {
			a.fieldArgs(site, fields, func(field string, val int32) {
				a.selfAttrs[field] = append(a.selfAttrs[field], val)
			})
		}
	}
}

// fieldArgs calls set with each field of fields (a class's, in
// declaration order) that call, a call of the class, gives a value, and
// the value's node: by position (not a `*` splat) or by keyword.
func (a *analyzer) fieldArgs(call int32, fields []string, set func(field string, val int32)) {
	t := a.t
	pos, kw := a.callArgs(call)
	for j, c := range pos {
		if j < len(fields) && t.Nodes[c].Kind != kListSplat {
			set(fields[j], c)
		}
	}
	if kw.Obj == none {
		return
	}
	for c := t.Nodes[kw.Obj].First; c != none; c = t.Nodes[c].Next {
		if t.Nodes[c].Kind != kKeywordArgument {
			continue
		}
		if nm := t.Child(c, fName); nm != none && slices.Contains(fields, t.Text(nm)) {
			set(t.Text(nm), t.Child(c, fValue))
		}
	}
}

// functionName names the function that owns a parameter list; method is
// set for a function defined directly in a class body.
func (a *analyzer) functionName(params int32) (string, bool) {
	t := a.t
	fn := t.Nodes[params].Parent
	if fn == none || t.Nodes[fn].Kind != kFunction {
		return "", false
	}
	nm := t.Child(fn, fName)
	if nm == none {
		return "", false
	}
	method := false
	for p := t.Nodes[fn].Parent; p != none; p = t.Nodes[p].Parent {
		k := t.Nodes[p].Kind
		if k == kClass {
			method = true
			break
		}
		if k == kFunction || k == kLambda || k == kModule {
			break
		}
	}
	return t.Text(nm), method
}

// Method names the method that node n defines (a function defined
// directly in a class body).
func (a *analyzer) Method(n int32) (string, bool) {
	t := a.t
	if t.Nodes[n].Kind != kFunction {
		return "", false
	}
	if p := t.Child(n, fParameters); p != none {
		if _, method := a.functionName(p); method {
			if nm := t.Child(n, fName); nm != none {
				return t.Text(nm), true
			}
		}
	}
	return "", false
}

// Import reports whether b is an import.
func (a *analyzer) Import(b *binding) bool { return b.ref }

// callShape is how a call reads in the detector's enumerations.
var callShape = treesitter.CallShape{Call: kCall, Callee: fFunction, Ident: kIdentifier, Member: kAttribute, MemberName: fAttribute}

func (a *analyzer) addMutation(name int32, m mutation) {
	if a.muts == nil {
		a.muts = map[string][]mutation{}
	}
	nm := a.t.Nodes[name]
	key := string(a.t.Src[nm.Start:nm.End])
	a.muts[key] = append(a.muts[key], m)
}

// bindTarget binds an assignment target: a name gets the value, a
// destructuring target binds its names to unknown values.
func (a *analyzer) bindTarget(l, r int32) {
	t := a.t
	if l == none {
		return
	}
	switch t.Nodes[l].Kind {
	case kIdentifier:
		a.bindName(l, binding{value: r, name: l})
		if a.inClassBody(l) {
			// a class attribute or dataclass/attrs/pydantic field default:
			// read through self.x
			a.selfAttrs[t.Text(l)] = append(a.selfAttrs[t.Text(l)], r)
			a.addField(l)
		}
	case kAttribute:
		// self.x = value: an instance attribute, followed by self.x reads
		if obj := t.Child(l, fObject); obj != none && t.Nodes[obj].Kind == kIdentifier && t.Is(obj, "self") {
			if at := t.Child(l, fAttribute); at != none {
				k := t.Text(at)
				a.selfAttrs[k] = append(a.selfAttrs[k], r)
			}
		} else if obj != none && t.Nodes[obj].Kind == kIdentifier {
			// options.x = value: an attribute set after construction;
			// c.tool = value: an attribute of an instance, read through
			// any instance
			a.sets = append(a.sets, [2]int32{l, r})
			if at := t.Child(l, fAttribute); at != none {
				a.selfAttrs[t.Text(at)] = append(a.selfAttrs[t.Text(at)], r)
			}
		}
	case kSubscript:
		// d["k"] = value: an item set after construction; cmd[0] = x and
		// cmd[:0] = [...]: a list changed in place
		if obj := t.Child(l, fValue); obj != none && isEnviron(t, obj) {
			// os.environ["BIN"] = value: read back by os.environ[...],
			// os.getenv and os.environ.get
			a.envSets = append(a.envSets, [2]int32{t.Child(l, fSubscript), r})
		}
		if obj := t.Child(l, fValue); obj != none && t.Nodes[obj].Kind == kCall && t.Is(t.Child(obj, fFunction), "globals") {
			// globals()["cmd"] = value: the module-level name cmd
			if sub := t.Child(l, fSubscript); sub != none && t.Nodes[sub].Kind == kString {
				if c := t.ChildKind(sub, kStringContent); c != none {
					a.scopes.BindIn(c, binding{value: r, name: c}, none)
				}
			}
		}
		if obj := t.Child(l, fValue); obj != none && namespaceOf(t, obj) != none {
			// vars(cfg)["tool"] = value, cfg.__dict__["tool"] = value: an
			// attribute of an instance, as setattr(cfg, "tool", value)
			if sub := t.Child(l, fSubscript); sub != none && t.Nodes[sub].Kind == kString {
				if c := t.ChildKind(sub, kStringContent); c != none {
					a.selfAttrs[t.Text(c)] = append(a.selfAttrs[t.Text(c)], r)
				}
			}
		}
		if obj := t.Child(l, fValue); obj != none && isSelfAttr(t, obj) {
			// self.args[0] = x
			a.addMutation(obj, mutation{at: t.Nodes[l].Start, node: l, op: "[]", index: t.Child(l, fSubscript), value: r})
		}
		if obj := t.Child(l, fValue); obj != none && t.Nodes[obj].Kind == kIdentifier {
			a.sets = append(a.sets, [2]int32{l, r})
			sub := t.Child(l, fSubscript)
			op := "[]"
			if sub != none && t.Nodes[sub].Kind == kSlice {
				op = "[:]"
			}
			a.addMutation(obj, mutation{at: t.Nodes[l].Start, node: l, op: op, index: sub, value: r})
		}
	case kPatternList, kTuplePattern, kListPattern, kExpressionList, kTuple, kList:
		// sh, flag = pair(): each name is its element, when the target
		// is a flat list of names
		// nested targets (`(a, _), = pair()`) bind each name to its
		// element's element; a starred or other target is unknown
		a.bindNested(l, r, false, nil, 0)
	}
}

// bindEach binds the names of a loop's tuple target (`for name, cmd in
// TOOLS.items()`, `for i, (name, cmd) in enumerate(...)`): each is its
// element of any element of r. It reports whether l is such a target.
func (a *analyzer) bindEach(l, r int32) bool {
	t := a.t
	if l == none {
		return false
	}
	switch t.Nodes[l].Kind {
	case kPatternList, kTuplePattern, kListPattern, kExpressionList, kTuple, kList:
	default:
		return false
	}
	a.bindNested(l, r, true, nil, 0)
	return true
}

// maxTargetDepth bounds the nesting of a tuple target followed; a name
// deeper is unknown.
const maxTargetDepth = 8

// bindNested binds every name of the tuple target l to its element of r
// (of any element of r when each), at the positions path leads to. A
// starred name (`*init, last = ...`), a target that is not a name and one
// nested past maxTargetDepth are unknown.
func (a *analyzer) bindNested(l, r int32, each bool, path []int, depth int) {
	t := a.t
	if depth >= maxTargetDepth {
		a.bindUnknown(l)
		return
	}
	star := false
	for c := t.Nodes[l].First; c != none; c = t.Nodes[c].Next {
		star = star || t.Nodes[c].Kind == kListSplatPattern || t.Nodes[c].Kind == kListSplat
	}
	i := 0
	for c := t.Nodes[l].First; c != none; c = t.Nodes[c].Next {
		i++
		p := append(slices.Clip(path), i)
		switch t.Nodes[c].Kind {
		case kIdentifier:
			if star {
				// positions after a star are not known
				a.bindUnknown(c)
				continue
			}
			b := binding{value: r, each: each, elem: p[0], sub: p[1:], name: c}
			if each {
				a.scopes.Bind(c, b)
			} else {
				a.bindName(c, b)
			}
		case kPatternList, kTuplePattern, kListPattern, kExpressionList, kTuple, kList:
			if star {
				a.bindUnknown(c)
				continue
			}
			a.bindNested(c, r, each, p, depth+1)
		default:
			a.bindUnknown(c)
		}
	}
}

// addField records the class-body name at l as a field of its class, in
// declaration order.
func (a *analyzer) addField(l int32) {
	cls := a.className(l)
	if cls == "" {
		return
	}
	if a.fields == nil {
		a.fields = map[string][]string{}
	}
	if name := a.t.Text(l); !slices.Contains(a.fields[cls], name) {
		a.fields[cls] = append(a.fields[cls], name)
	}
}

// inClassBody reports whether node n sits in a class body outside any
// function.
func (a *analyzer) inClassBody(n int32) bool {
	t := a.t
	for p := t.Nodes[n].Parent; p != none; p = t.Nodes[p].Parent {
		switch t.Nodes[p].Kind {
		case kClass:
			return true
		case kFunction, kLambda:
			return false
		}
	}
	return false
}

// bindUnknown binds every plain name inside a target to an unknown value.
func (a *analyzer) bindUnknown(n int32) {
	t := a.t
	if n == none {
		return
	}
	if t.Nodes[n].Kind == kIdentifier {
		a.scopes.Bind(n, binding{value: none, param: true, name: n})
		return
	}
	end := t.Nodes[n].End
	for i := n + 1; i < int32(len(t.Nodes)) && t.Nodes[i].Start < end; i++ {
		if t.Nodes[i].Kind != kIdentifier {
			continue
		}
		// Only names in binding position: not attribute names or
		// subscripts (a.b, a[i] as targets bind nothing).
		par := t.Nodes[i].Parent
		switch t.Nodes[par].Kind {
		case kAttribute, kSubscript, kTypedParameter:
			if t.Nodes[par].Kind == kTypedParameter && t.Nodes[i].Field == fNone && t.Nodes[par].First == i {
				a.scopes.Bind(i, binding{value: none, param: true, name: i})
			}
			continue
		}
		a.scopes.Bind(i, binding{value: none, param: true, name: i})
	}
}

// collectImport binds `import a.b` (a → module a) and `import a.b as c`
// (c → module a.b).
func (a *analyzer) collectImport(i int32) {
	t := a.t
	for c := t.Nodes[i].First; c != none; c = t.Nodes[c].Next {
		switch t.Nodes[c].Kind {
		case kDottedName:
			first := t.Nodes[c].First
			if first != none {
				a.noteLibrary(normModule(t.Text(first)))
				a.scopes.Bind(first, binding{value: none, ref: true, mod: normModule(t.Text(first)), name: first})
			}
		case kAliasedImport:
			nm := t.Child(c, fName)
			al := t.Child(c, fAlias)
			if nm != none && al != none {
				a.noteLibrary(normModule(t.Text(nm)))
				a.scopes.Bind(al, binding{value: none, ref: true, mod: normModule(t.Text(nm)), name: al})
			}
		}
	}
}

// collectImportFrom binds `from m import x as y` (y → m.x) and records
// wildcard imports.
func (a *analyzer) collectImportFrom(i int32) {
	t := a.t
	modNode := t.Child(i, fModuleName)
	if modNode == none {
		return
	}
	var mod string
	switch t.Nodes[modNode].Kind {
	case kDottedName:
		mod = normModule(t.Text(modNode))
	case kRelativeImport:
		// the project's own modules (the repository phase follows them)
		mod = strings.Join(strings.Fields(t.Text(modNode)), "")
		if t.ChildKind(i, kWildcardImport) != none {
			a.relStars = append(a.relStars, mod)
			return
		}
	default:
		return
	}
	a.noteLibrary(mod)
	for c := t.Nodes[i].First; c != none; c = t.Nodes[c].Next {
		if c == modNode {
			continue
		}
		switch t.Nodes[c].Kind {
		case kWildcardImport:
			a.wildcards = append(a.wildcards, mod)
			a.wildcardAt = append(a.wildcardAt, i)
		case kDottedName:
			if t.Nodes[c].Field == fName {
				a.scopes.Bind(c, binding{value: none, ref: true, mod: mod, path: []string{t.Text(c)}, name: c})
			}
		case kAliasedImport:
			nm := t.Child(c, fName)
			al := t.Child(c, fAlias)
			if nm != none && al != none {
				a.scopes.Bind(al, binding{value: none, ref: true, mod: mod, path: []string{t.Text(nm)}, name: al})
			}
		}
	}
}

// noteLibrary notes the libraries whose objects a method call of an unknown
// object may stand for (impliedAPI).
func (a *analyzer) noteLibrary(mod string) {
	top, _, _ := strings.Cut(mod, ".")
	switch top {
	case "libtmux":
		a.tmux = true
	case "invoke", "fabric":
		a.invokes = true
	}
}

// normModule maps a module to the one whose API it re-exports.
func normModule(m string) string {
	switch m {
	case "asyncio.subprocess":
		return "asyncio"
	case "pexpect.popen_spawn", "pexpect.pty_spawn":
		return "pexpect"
	case "ptyprocess.ptyprocess":
		return "ptyprocess"
	case "libtmux.server", "libtmux.session", "libtmux.window", "libtmux.pane":
		return "libtmux"
	case "trio.lowlevel":
		return "trio"
	case "os.path":
		return "os.path"
	case "claude_code_sdk":
		return "claude_agent_sdk"
	case "fabric2":
		return "fabric" // fabric 2 as published beside fabric 1
	}
	if rest, ok := strings.CutPrefix(m, "fabric2."); ok {
		return "fabric." + rest
	}
	return m
}

// Class implements treesitter.Lang: a class definition, its name and the
// last part of each base it names (`class C(base.Invoker, Mixin):`).
func (a *analyzer) Class(n int32) (string, []string, bool) {
	t := a.t
	if t.Nodes[n].Kind != kClass {
		return "", nil, false
	}
	nm, body := t.Child(n, fName), t.Child(n, fBody)
	if nm == none || body == none {
		return "", nil, false
	}
	return t.Text(nm), treesitter.BaseNames(t.Src[t.Nodes[nm].End:t.Nodes[body].Start]), true
}
