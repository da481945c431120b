package tsjs

import (
	"strconv"
	"strings"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

// Callbacks: a function handed to another function, which calls it. Its
// parameters are what that function gives it:
//
//   - an anonymous function passed to a function of the file
//     (`runWith(c => spawn(c, []))` with `function runWith(fn) {
//     fn('claude') }`): the arguments of the calls of runWith's parameter
//     inside runWith;
//   - the same passed to a function of another module: what that module
//     offers as the arguments its function gives its parameter
//     (cbKey, summarizeCallbacks), in the repository phase;
//   - a named function passed by reference (`xs.forEach(spawnIt)`,
//     `runWith(spawnIt)`): any element of xs for an iteration method, or
//     as above; its direct calls count too.

// cbPrefix starts the name under which an anonymous callback's parameters
// are resolved (binding.fn): it is no name of the source, so no helper of
// the summary and no call site is written under it.
const cbPrefix = "\x00cb:"

// cbKey is the summary's name of the constant that function fn of a
// module gives its parameter param as argument arg when it calls it
// (`runWith(cb0).#0` for `function runWith(fn) { fn('claude') }`).
func cbKey(fn string, param, arg int) string {
	return fn + "(cb" + strconv.Itoa(param) + ").#" + strconv.Itoa(arg)
}

// cbOwn ends the summary's name of the parameters of a function that it
// hands its callback (cbKey + cbOwn: their positions, `runWith(cmd, fn) {
// fn(cmd) }` gives "0").
const cbOwn = "=param"

// callbackOf is, for function node fn written as argument j of a call
// whose callee is a name (`runWith(c => ...)`, not an iteration
// method's receiver `xs.map(...)`), that call and j; none otherwise.
func (a *analyzer) callbackOf(fn int32) (call int32, j int) {
	t := a.t
	args := t.Nodes[fn].Parent
	if args == none || t.Nodes[args].Kind != kArguments {
		return none, 0
	}
	call = t.Nodes[args].Parent
	if call == none || t.Nodes[call].Kind != kCall {
		return none, 0
	}
	callee := t.Child(call, fFunction)
	if callee == none || t.Nodes[callee].Kind != kIdentifier {
		return none, 0
	}
	for c := t.Nodes[args].First; c != none; c = t.Nodes[c].Next {
		if c == fn {
			return call, j
		}
		j++
	}
	return none, 0
}

// cbName is binding.fn for the parameters of a callback handed to call
// as argument j.
func cbName(call int32, j int) string {
	return cbPrefix + strconv.Itoa(int(call)) + ":" + strconv.Itoa(j)
}

// parseCB reads cbName back.
func parseCB(fn string) (call int32, j int, ok bool) {
	rest, ok := strings.CutPrefix(fn, cbPrefix)
	if !ok {
		return none, 0, false
	}
	c, js, _ := strings.Cut(rest, ":")
	ci, err1 := strconv.Atoi(c)
	ji, err2 := strconv.Atoi(js)
	if err1 != nil || err2 != nil {
		return none, 0, false
	}
	return int32(ci), ji, true
}

// paramNode is the name node of function fn's parameter j when it is a
// plain name, else none.
func (a *analyzer) paramNode(fn int32, j int) int32 {
	t := a.t
	if p := t.Child(fn, fParameter); p != none {
		if j == 0 && t.Nodes[p].Kind == kIdentifier {
			return p
		}
		return none
	}
	ps := t.Child(fn, fParameters)
	if ps == none {
		return none
	}
	i := 0
	for c := t.Nodes[ps].First; c != none; c = t.Nodes[c].Next {
		if i == j {
			p := c
			if k := t.Nodes[c].Kind; k == kRequiredParameter || k == kOptionalParameter {
				p = t.Child(c, fPattern)
			}
			if p != none && t.Nodes[p].Kind == kIdentifier {
				return p
			}
			return none
		}
		i++
	}
	return none
}

// paramCalls are the calls inside function fn of its parameter j
// (`fn('claude')` in `function runWith(fn) {...}`).
func (a *analyzer) paramCalls(fn int32, j int) []int32 {
	t := a.t
	p := a.paramNode(fn, j)
	if p == none {
		return nil
	}
	var out []int32
	start, end := t.Nodes[fn].Start, t.Nodes[fn].End
	for _, site := range a.ev.CallSites()[t.Text(p)] {
		if t.Nodes[site].Start < start || t.Nodes[site].End > end {
			continue
		}
		callee := t.Child(site, fFunction)
		if target, _, _, ind := indirectOf(t, site); ind && t.Nodes[target].Kind == kIdentifier {
			callee = target // fn.call(null, 'claude'), fn.apply(null, CMD)
		}
		bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[callee].Start:t.Nodes[callee].End], callee)
		if ok && len(bs) == 1 && bs[0].name == p {
			out = append(out, site)
		}
	}
	return out
}

// calleeFunction is the function node a call's callee names when it is a
// function of the file bound once (`function runWith(fn)`, `const
// runWith = (fn) => ...`), else none; the import it names, if any.
func (a *analyzer) calleeFunction(call int32) (fn int32, imp *binding) {
	t := a.t
	callee := t.Child(call, fFunction)
	if callee == none || t.Nodes[callee].Kind != kIdentifier {
		return none, nil
	}
	bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[callee].Start:t.Nodes[callee].End], callee)
	if !ok || len(bs) != 1 {
		return none, nil
	}
	if bs[0].ref {
		if local(bs[0].mod) && len(bs[0].path) == 1 {
			return none, &bs[0]
		}
		return none, nil
	}
	if v := bs[0].value; v != none && len(bs[0].path) == 0 && (t.Nodes[v].Kind == kFunction || t.Nodes[v].Kind == kArrow) {
		return v, nil
	}
	return none, nil
}

// callbackSites adds to the call sites of function name fn (a callback's
// cbName, or a named function of the file) the places that call it as a
// callback, once: the calls of the parameter it is handed to, inside a
// function of the file, and, for a named function handed to an
// iteration method or a function of another module, the call that hands
// it on (evalParam reads those itself: passedAt).
func (a *analyzer) callbackSites(fn string, b *binding) {
	if a.cbDone == nil {
		a.cbDone = map[string]bool{}
	}
	if a.cbDone[fn] {
		return
	}
	a.cbDone[fn] = true
	sites := a.ev.CallSites()
	add := func(call int32, j int) {
		g, imp := a.calleeFunction(call)
		switch {
		case g != none && len(sites[a.t.Text(a.t.Child(call, fFunction))]) > treesitter.MaxCallSites:
			// a utility called from everywhere (`forEach(xs, visit)` in a
			// compiler): its callbacks are not followed through it
		case g != none:
			sites[fn] = append(sites[fn], a.paramCalls(g, j)...)
		case imp != nil:
			sites[fn] = append(sites[fn], call)
		case j == 0 && a.timerExtra(call) > 0:
			// setTimeout(fn, ms, ...args): the timer calls it with args
			sites[fn] = append(sites[fn], call)
		}
	}
	if call, j, ok := parseCB(fn); ok {
		add(call, j)
		return
	}
	// a named function: where it is handed on by name
	t := a.t
	for _, r := range a.argRefs()[fn] {
		bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[r].Start:t.Nodes[r].End], r)
		if !ok || len(bs) != 1 || bs[0].value == none || t.Nodes[b.name].Start < t.Nodes[bs[0].value].Start || t.Nodes[b.name].End > t.Nodes[bs[0].value].End {
			continue // not this function
		}
		args := t.Nodes[r].Parent
		call := t.Nodes[args].Parent
		if call == none || t.Nodes[call].Kind != kCall {
			continue
		}
		if a.iterCallback(r) != none {
			sites[fn] = append(sites[fn], call)
			continue
		}
		j := 0
		for c := t.Nodes[args].First; c != none && c != r; c = t.Nodes[c].Next {
			j++
		}
		add(call, j)
	}
}

// argRefs indexes the names written as a call's argument (`spawnIt` in
// `xs.forEach(spawnIt)`), by name; built on first use.
func (a *analyzer) argRefs() map[string][]int32 {
	if a.refs != nil {
		return a.refs
	}
	t := a.t
	a.refs = map[string][]int32{}
	for i := int32(0); i < int32(len(t.Nodes)); i++ {
		if t.Nodes[i].Kind != kArguments {
			continue
		}
		for c := t.Nodes[i].First; c != none; c = t.Nodes[c].Next {
			if t.Nodes[c].Kind == kIdentifier {
				a.refs[t.Text(c)] = append(a.refs[t.Text(c)], c)
			}
		}
	}
	return a.refs
}

// passedAt reads, for a call site of callback b that is the call handing
// it on (callbackSites), the value its parameter gets there: any element
// of the receiver of an iteration method (its first parameter; the others
// are an index and the array), or what the function of another module it
// is handed to gives it (its summary's cbKey constants, in the repository
// phase). handled is false for an ordinary call of b.
func (a *analyzer) passedAt(site int32, b *binding) (v value, found, handled bool) {
	t := a.t
	args := t.Child(site, fArguments)
	if args == none || t.Nodes[args].Kind != kArguments {
		return value{}, false, false
	}
	j := -1
	i := 0
	for c := t.Nodes[args].First; c != none; c = t.Nodes[c].Next {
		if t.Nodes[b.name].Start >= t.Nodes[c].Start && t.Nodes[b.name].End <= t.Nodes[c].End && (t.Nodes[c].Kind == kFunction || t.Nodes[c].Kind == kArrow) ||
			t.Nodes[c].Kind == kIdentifier && t.Is(c, b.fn) {
			j = i
			break
		}
		i++
	}
	if j < 0 {
		return value{}, false, false
	}
	if recv := a.iterCallback(t.Nodes[args].First); recv != none && j == 0 {
		if b.index == 0 {
			return a.anyEntry(a.ev.Eval(recv), b.name), true, true
		}
		return treesitter.Unknown(b.name), true, true
	}
	if off := a.timerExtra(site); off > 0 && j == 0 {
		// setTimeout(fn, ms, ...args), setImmediate(fn, ...args),
		// process.nextTick(fn, ...args): fn's parameter i is args[i]
		as := t.Children(args)
		if len(as) > off {
			cs := as[off:]
			vals, exactTo := treesitter.Spread(cs, a.spreadOf, a.ev.Eval)
			if b.rest {
				return value{K: vArr, Elems: treesitter.SpreadRest(vals, exactTo, b.index), Node: b.name, Lit: none}, true, true
			}
			if v, ok := treesitter.SpreadParam(a.ev.Cfg, vals, exactTo, b.index, site); ok {
				return a.needArg(v), true, true
			}
		}
		return value{}, false, true
	}
	if _, imp := a.calleeFunction(site); imp != nil {
		var vals []value
		if c, ok := a.importedConst(imp.mod, cbKey(imp.path[0], j, b.index), b.name); ok {
			vals = append(vals, c)
		}
		if e, ok := a.importedRaw(imp.mod, cbKey(imp.path[0], j, b.index)+cbOwn); ok {
			// the function hands the callback its own parameter m: the
			// argument this call gives it
			as := t.Children(args)
			a.useStep(scanner.Step{File: e.File, Line: max(e.At.Line, 1), Column: max(e.At.Column, 1),
				Note: "`" + imp.path[0] + "` hands its callback its own argument"})
			for _, ms := range e.Consts {
				if m, err := strconv.Atoi(ms); err == nil && m < len(as) && t.Nodes[as[m]].Kind != kSpread {
					vals = append(vals, a.ev.Eval(as[m]))
				}
			}
		}
		if len(vals) > 0 {
			return treesitter.Union(a.ev.Cfg, vals, b.name), true, true
		}
		u := treesitter.Unknown(b.name)
		u.Mod = imp.mod
		return u, true, true
	}
	return value{}, false, false
}

// summarizeCallbacks offers, for each module-level function, the
// arguments it gives a parameter it calls (`fn('claude')`, `fn(AGENT)`
// in `function runWith(fn)`), as cbKey constants: a file that hands it a
// callback reads its parameters there.
func (a *analyzer) summarizeCallbacks() {
	t := a.t
	for _, name := range a.scopes.ModuleNames() {
		bs := a.scopes.ModuleBindings(name)
		if len(bs) != 1 || bs[0].ref || bs[0].value == none || len(bs[0].path) > 0 {
			continue
		}
		fn := bs[0].value
		if k := t.Nodes[fn].Kind; k != kFunction && k != kArrow {
			continue
		}
		for j := 0; j < maxCallbackParams; j++ {
			if a.paramNode(fn, j) == none {
				if t.Child(fn, fParameter) != none {
					break
				}
				continue
			}
			calls := a.paramCalls(fn, j)
			per := map[int][]value{}
			own := map[int][]string{} // the function's own parameters handed on
			for _, c := range calls {
				// fn('claude'), fn.call(null, 'claude'): the arguments
				// past the thisArg (an apply's array not written out
				// is read as a spread: from it on, nothing is known)
				cargs, _, ok := a.siteArgs(c, t.Text(a.paramNode(fn, j)))
				if !ok {
					continue
				}
				k := 0
				for _, x := range cargs {
					if k >= maxCallbackParams || t.Nodes[x].Kind == kSpread {
						break
					}
					if f, m, field, ok := a.paramOfAny(x); ok && f == name && field == "" && m >= 0 {
						// runWith(cmd, fn) { fn(cmd) }: the caller's argument
						own[k] = append(own[k], strconv.Itoa(m))
					} else {
						per[k] = append(per[k], a.ev.Eval(x))
					}
					k++
				}
			}
			for k := 0; k < maxCallbackParams; k++ {
				if vals := per[k]; len(vals) > 0 {
					a.exportValue(cbKey(name, j, k), treesitter.Union(a.ev.Cfg, vals, fn), fn, 1)
				}
				if ms := own[k]; len(ms) > 0 {
					a.link.sum.AddConst(cbKey(name, j, k)+cbOwn, scanner.Const{Vals: ms, At: t.Pos(fn)})
				}
			}
		}
	}
}

// summarizeMethodCallbacks offers, for each method of a module-level
// class, the arguments the class gives a parameter of it it calls, as
// cbKey constants under "Class.method": called in the method, or kept in
// a field and called through it by any method of the class
// (`onJob(h) { this.handler = h }`, then `this.handler?.('claude')`). A
// file handing an instance's method a callback reads them
// (methodCallbackParam).
func (a *analyzer) summarizeMethodCallbacks() {
	t := a.t
	for i := int32(0); i < int32(len(t.Nodes)); i++ {
		if t.Nodes[i].Kind != kClassDecl || a.scopes.Of(i) != a.scopes.Of(0) {
			continue
		}
		nm, body := t.Child(i, fName), t.Child(i, fBody)
		if nm == none || body == none {
			continue
		}
		for m := t.Nodes[body].First; m != none; m = t.Nodes[m].Next {
			mn := t.Child(m, fName)
			if t.Nodes[m].Kind != kFunction || mn == none {
				continue
			}
			for j := 0; j < maxCallbackParams; j++ {
				p := a.paramNode(m, j)
				if p == none {
					continue
				}
				calls := append(a.paramCalls(m, j), a.fieldCalls(i, m, t.Text(p))...)
				per := map[int][]value{}
				for _, c := range calls {
					cargs, _, ok := a.siteArgs(c, "")
					if !ok {
						continue
					}
					for k, x := range cargs {
						if k >= maxCallbackParams || t.Nodes[x].Kind == kSpread {
							break
						}
						per[k] = append(per[k], a.ev.Eval(x))
					}
				}
				for k := 0; k < maxCallbackParams; k++ {
					if vals := per[k]; len(vals) > 0 {
						a.exportValue(cbKey(t.Text(nm)+"."+t.Text(mn), j, k), treesitter.Union(a.ev.Cfg, vals, m), m, 1)
					}
				}
			}
		}
	}
}

// fieldCalls are the calls, in class cls, of a field that method m sets
// to its parameter named param (`this.handler = h` in m, then
// `this.handler(...)` or `this.handler?.(...)` anywhere in the class).
func (a *analyzer) fieldCalls(cls, m int32, param string) []int32 {
	t := a.t
	fields := map[string]bool{}
	for i := m + 1; i < int32(len(t.Nodes)) && t.Nodes[i].Start < t.Nodes[m].End; i++ {
		if t.Nodes[i].Kind != kAssignment {
			continue
		}
		l, r := t.Child(i, fLeft), t.Child(i, fRight)
		if l == none || r == none || t.Nodes[l].Kind != kMember || t.Nodes[r].Kind != kIdentifier || t.Text(r) != param {
			continue
		}
		if o, p := t.Child(l, fObject), t.Child(l, fProperty); o != none && p != none && t.Nodes[o].Kind == kThis {
			fields[t.Text(p)] = true
		}
	}
	if len(fields) == 0 {
		return nil
	}
	var out []int32
	for i := cls + 1; i < int32(len(t.Nodes)) && t.Nodes[i].Start < t.Nodes[cls].End; i++ {
		if t.Nodes[i].Kind != kCall {
			continue
		}
		fn := t.Child(i, fFunction)
		if fn == none || t.Nodes[fn].Kind != kMember {
			continue
		}
		if o, p := t.Child(fn, fObject), t.Child(fn, fProperty); o != none && p != none && t.Nodes[o].Kind == kThis && fields[t.Text(p)] {
			out = append(out, i)
		}
	}
	return out
}

// methodCallbackParam is the value of parameter b of a function handed
// to a method of an instance of another module's class
// (`q.onJob((bin) => spawn(bin))`, q a `new Queue()` of ./queue): what
// the class gives that parameter (summarizeMethodCallbacks), in the
// repository phase; in phase one such a parameter asks for the
// repository (Evaluator.Unread). ok is false for any other parameter.
func (a *analyzer) methodCallbackParam(b *binding) (value, bool) {
	t := a.t
	p := b.name
	fn := t.Nodes[p].Parent
	if fn != none && (t.Nodes[fn].Kind == kRequiredParameter || t.Nodes[fn].Kind == kOptionalParameter) {
		fn = t.Nodes[fn].Parent
	}
	if fn != none && t.Nodes[fn].Kind == kFormalParameters {
		fn = t.Nodes[fn].Parent
	}
	if fn == none || t.Nodes[fn].Kind != kArrow && t.Nodes[fn].Kind != kFunction {
		return value{}, false
	}
	idx := -1
	for j := 0; j < maxCallbackParams; j++ {
		if a.paramNode(fn, j) == p {
			idx = j
			break
		}
	}
	args := t.Nodes[fn].Parent
	if idx < 0 || args == none || t.Nodes[args].Kind != kArguments {
		return value{}, false
	}
	call := t.Nodes[args].Parent
	callee := t.Child(call, fFunction)
	if call == none || t.Nodes[call].Kind != kCall || callee == none || t.Nodes[callee].Kind != kMember {
		return value{}, false
	}
	j := 0
	for c := t.Nodes[args].First; c != none && c != fn; c = t.Nodes[c].Next {
		j++
	}
	recv, prop := t.Child(callee, fObject), t.Child(callee, fProperty)
	if recv == none || prop == none {
		return value{}, false
	}
	rv := a.ev.Eval(recv)
	if rv.K != vUnknown || !local(rv.Mod) || len(rv.Path) != 1 || !strings.HasPrefix(rv.Path[0], "new ") {
		return value{}, false
	}
	if a.p.Imports == nil {
		a.ev.Unread = true
		return value{}, false
	}
	cls := strings.TrimPrefix(rv.Path[0], "new ")
	return a.importedConst(rv.Mod, cbKey(cls+"."+t.Text(prop), j, idx), b.name)
}

// maxCallbackParams bounds the parameters of a function read as
// callbacks, and the arguments of their calls.
const maxCallbackParams = 8

// callbackNeeds records the module of the function of another module
// that parameter b's function is handed to as a callback (Pass.Needs):
// its value is known in the repository phase.
func (a *analyzer) callbackNeeds(b *binding) {
	t := a.t
	if call, _, ok := parseCB(b.fn); ok {
		if _, imp := a.calleeFunction(call); imp != nil {
			a.p.Needs = appendOnce(a.p.Needs, imp.mod)
		}
		return
	}
	if b.method || b.rest {
		return
	}
	for _, r := range a.argRefs()[b.fn] {
		if call := t.Nodes[t.Nodes[r].Parent].Parent; call != none && t.Nodes[call].Kind == kCall {
			if _, imp := a.calleeFunction(call); imp != nil {
				a.p.Needs = appendOnce(a.p.Needs, imp.mod)
			}
		}
	}
}

// iterHelper judges call n handing a helper of another module to an
// iteration method by name (`['claude'].forEach(spawnIt)`): the helper
// is called with any element of the receiver (then the index and the
// array), in the repository phase.
func (a *analyzer) iterHelper(n, args int32) {
	t := a.t
	if a.p.Imports == nil {
		return
	}
	r := t.Nodes[args].First
	if r == none || t.Nodes[r].Kind != kIdentifier {
		return
	}
	recv := a.iterCallback(r)
	if recv == none {
		return
	}
	bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[r].Start:t.Nodes[r].End], r)
	if !ok || len(bs) != 1 || !bs[0].ref || !local(bs[0].mod) {
		return
	}
	e, ok := a.imported(value{K: vRef, Mod: bs[0].mod, Path: bs[0].path})
	if !ok || len(e.Sinks) == 0 && !e.Dynamic {
		return
	}
	a.argVals = []value{a.anyEntry(a.ev.Eval(recv), r), treesitter.Unknown(r), a.ev.Eval(recv)}
	a.judgeHelper(n, t.Text(r), e, []int32{r, r, r}, none, value{})
	a.argVals = nil
}

// importedRaw is what module mod of the repository offers as name, in the
// repository phase.
func (a *analyzer) importedRaw(mod, name string) (scanner.Export, bool) {
	if a.p.Imports == nil {
		return scanner.Export{}, false
	}
	return a.p.Imports.Lookup(mod, name)
}

// timers are the globals that call the function they are handed later,
// with the arguments past its first off (setTimeout(fn, ms, ...args)):
// name to off.
var timers = map[string]int{"setTimeout": 2, "setInterval": 2, "setImmediate": 1, "process.nextTick": 1}

// timerExtra is, for call, where the arguments a timer (timers) hands
// its callback start, or 0 when call is no timer's (the name is bound in
// the file: the file's own).
func (a *analyzer) timerExtra(call int32) int {
	t := a.t
	callee := t.Child(call, fFunction)
	if callee == none {
		return 0
	}
	name, root := t.Text(callee), t.Text(callee)
	switch t.Nodes[callee].Kind {
	case kIdentifier:
	case kMember:
		if o := t.Child(callee, fObject); o != none && t.Nodes[o].Kind == kIdentifier {
			root = t.Text(o)
		} else {
			return 0
		}
	default:
		return 0
	}
	for _, g := range []string{"globalThis.", "window.", "global.", "self."} {
		// globalThis.setTimeout(fn, ms, ...args): the same timer
		if rest, ok := strings.CutPrefix(name, g); ok && timers[rest] > 0 {
			name = rest
		}
	}
	off := timers[name]
	if off == 0 || a.scopes.Bound([]byte(root)) {
		return 0
	}
	return off
}
