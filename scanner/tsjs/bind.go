package tsjs

import (
	"bytes"
	"cmp"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/leasegate/leasegate/scanner/treesitter"
)

// binding is one place a name gets a value in the file: a declaration, an
// assignment, an import, or a parameter (whose value is unknown).
type binding struct {
	value int32    // the expression assigned, or none
	path  []string // destructuring path into value
	mod   string   // for imports: the module
	ref   bool     // an import: the value is mod + path
	param bool     // a parameter, loop variable or other unknown value
	name  int32    // the name node

	// A plain parameter of a named function: its value is resolved from
	// the function's call sites in the file.
	fn     string // the function's name ("" when anonymous)
	method bool   // fn is a method or object property (called as x.fn())
	index  int    // the parameter's position
	def    int32  // its default value, or none
	rest   bool   // a rest parameter (`...args`): the arguments from index on

	// A destructured name with a default (`const {BIN = "claude"} =
	// process.env`): the default is a possibility of the value.
	dflt    int32
	hasDflt bool

	each bool // a for...of variable: any element of the array value
	keys bool // with each, a for...in variable: any key of the object value
}

// mutation is an in-place change of an array (or Map) a name holds: a
// method called on the name (`args.push(x)`, `m.set(k, v)`,
// `args.reverse()`, `Array.prototype.push.call(args, x)`) or an element
// assignment (`args[0] = x`).
type mutation struct {
	at    uint32 // byte offset of the change
	node  int32  // the call or assignment, for its scope
	op    string // the method's name, or "[]"
	args  []int32
	index int32 // "[]": the index
	recv  int32 // the name changed (an identifier), or `this.x`
	// passed: a change a function makes to its parameter, given to the
	// name a call site (site) passes for it (passMutations); it happens
	// there, in the order of the source
	passed bool
	site   int32
}

// where is the node a change happens at, for its order and scope: the
// call site that passes the name, for a change a function makes to its
// parameter.
func (m *mutation) where() int32 {
	if m.passed {
		return m.site
	}
	return m.node
}

// collect records every binding of every name in the file. It walks the
// flat node array, so its cost is linear and it never recurses.
func (a *analyzer) collect() {
	t := a.t
	for i := int32(0); i < int32(len(t.Nodes)); i++ {
		n := &t.Nodes[i]
		switch n.Kind {
		case kTypeDecl:
			a.typeDecls = append(a.typeDecls, i)
		case kVariableDeclarator:
			a.bindPattern(t.Child(i, fName), t.Child(i, fValue), nil, false)
		case kAssignment:
			l := t.Child(i, fLeft)
			if l != none && t.Nodes[l].Kind != kMember && t.Nodes[l].Kind != kSubscript {
				// an assignment (not a declaration) binds the name where
				// it is declared, so a closure's `bin = "claude"` is a
				// possibility of the outer `let bin`: bound after every
				// declaration is known
				a.assigns = append(a.assigns, i)
			}
			a.collectMemberSet(i, l)
		case kField:
			// class C { bin = 'claude' }
			nm := t.Child(i, fName)
			if nm == none {
				nm = t.Child(i, fProperty)
			}
			if v := t.Child(i, fValue); nm != none && v != none {
				a.thisAttrs[propName(t, nm)] = append(a.thisAttrs[propName(t, nm)], v)
			} else if nm != none {
				// class C { private runner!: Runner }: its type (typedField)
				if a.typedFields == nil {
					a.typedFields = map[string][]int32{}
				}
				a.typedFields[propName(t, nm)] = append(a.typedFields[propName(t, nm)], nm)
			}
		case kAugmentedAssignment:
			if l := t.Child(i, fLeft); l != none && t.Nodes[l].Kind == kIdentifier {
				a.assigns = append(a.assigns, i)
			} else if op := a.ev.Op(i); l != none && (op == "??=" || op == "||=" || op == "&&=" || op == "+=") {
				// opts.bin ??= "claude", this.bin ||= "claude": the right
				// side is one of the property's values, as for `=`;
				// cfg.bin += "aude": the property's value joined with it
				a.collectMemberSet(i, l)
			}
		case kUpdate:
			if l := t.Child(i, fArgument); l != none && t.Nodes[l].Kind == kIdentifier {
				a.assigns = append(a.assigns, i)
			}
		case kCall:
			a.collectMutation(i)
			a.collectFieldSets(i)
			a.collectOptionCall(i)
		case kPair:
			a.collectDefaultPair(i)
		case kEnumDecl:
			// enum Bin { Claude = "claude" }: an object of its members
			if nm := t.Child(i, fName); nm != none {
				a.scopes.Bind(nm, binding{value: t.Child(i, fBody), name: nm})
			}
		case kImportStatement:
			a.collectImport(i)
		case kFormalParameters:
			src := a.thenModule(i)
			fn, method := a.functionName(i)
			if fn == "" && n.Parent != none {
				// runWith((c) => ...): what runWith gives it
				if call, j := a.callbackOf(n.Parent); call != none {
					fn = cbName(call, j)
				}
			}
			_, each := a.iterParam(n.Parent)
			idx := 0
			for c := n.First; c != none; c = t.Nodes[c].Next {
				p, def := c, int32(none)
				if k := t.Nodes[c].Kind; k == kRequiredParameter || k == kOptionalParameter {
					p, def = t.Child(c, fPattern), t.Child(c, fValue)
				}
				if p == each && p != none {
					// xs.forEach((x) => ...): bound by the arrow (kArrow)
					idx++
					continue
				}
				if p != none && t.Nodes[p].Kind == kAssignmentPattern {
					p, def = t.Child(p, fLeft), t.Child(p, fRight)
				}
				if p != none && t.Nodes[p].Kind == kIdentifier && a.parameterProperty(c) {
					// constructor(private bin = "claude"): this.bin is the
					// parameter (its call sites, else its default)
					a.thisAttrs[t.Text(p)] = append(a.thisAttrs[t.Text(p)], p)
				}
				index := idx
				idx++
				if src != none {
					a.bindPattern(p, src, nil, false)
					src = none
					continue
				}
				if p != none && t.Nodes[p].Kind == kIdentifier && fn != "" {
					a.scopes.Bind(p, binding{value: none, param: true, name: p, fn: fn, method: method, index: index, def: def})
					continue
				}
				if p != none && t.Nodes[p].Kind == kRestPattern && fn != "" {
					// function run(...argv): an array of the arguments
					if id := t.Nodes[p].First; id != none && t.Nodes[id].Kind == kIdentifier {
						a.scopes.Bind(id, binding{value: none, param: true, name: id, fn: fn, method: method, index: index, def: none, rest: true})
						continue
					}
				}
				if p != none && fn != "" && (t.Nodes[p].Kind == kObjectPattern || t.Nodes[p].Kind == kArrayPattern) {
					// function run({ cmd, args }): each name is that member
					// of the argument its call sites give
					a.paramTmpl = &binding{fn: fn, method: method, index: index}
					a.bindPattern(p, none, nil, true)
					a.paramTmpl = nil
					continue
				}
				a.bindPattern(p, none, nil, true)
			}
		case kArrow:
			if recv, p := a.iterParam(i); p != none {
				// xs.map(x => ...): x is any element of xs; xs.forEach(({cmd,
				// args}) => ...): the element's members
				if t.Nodes[p].Kind == kIdentifier {
					a.scopes.Bind(p, binding{value: recv, each: true, name: p})
				} else {
					a.bindEach(p, recv)
				}
				continue
			}
			if p := t.Child(i, fParameter); p != none {
				if src := a.thenModule(t.Child(i, fParameters)); src != none {
					a.bindPattern(p, src, nil, false)
				} else if src := a.thenModuleOfArrow(i); src != none {
					a.bindPattern(p, src, nil, false)
				} else if fn, method := a.functionName(p); fn != "" && t.Nodes[p].Kind == kIdentifier {
					// const run = b => spawn(b): a parameter of a named function
					a.scopes.Bind(p, binding{value: none, param: true, name: p, fn: fn, method: method, def: none})
				} else if call, j := a.callbackOf(i); call != none && t.Nodes[p].Kind == kIdentifier {
					// runWith(c => spawn(c)): what runWith gives it
					a.scopes.Bind(p, binding{value: none, param: true, name: p, fn: cbName(call, j), def: none})
				} else {
					a.bindPattern(p, none, nil, true)
				}
			}
		case kForIn:
			// for (const b of ["git", "claude"]): b is any element
			if l, r := t.Child(i, fLeft), t.Child(i, fRight); l != none && r != none && t.Nodes[l].Kind == kIdentifier && a.ev.Op(i) == "of" {
				a.scopes.Bind(l, binding{value: r, each: true, name: l})
				continue
			}
			// for (const k in {claude: 1}): k is any key of the object
			if l, r := t.Child(i, fLeft), t.Child(i, fRight); l != none && r != none && t.Nodes[l].Kind == kIdentifier && a.ev.Op(i) == "in" {
				a.scopes.Bind(l, binding{value: r, each: true, keys: true, name: l})
				continue
			}
			if l, r := t.Child(i, fLeft), t.Child(i, fRight); l != none && r != none && a.ev.Op(i) == "of" &&
				(t.Nodes[l].Kind == kObjectPattern || t.Nodes[l].Kind == kArrayPattern) {
				// for (const {cmd, args} of STEPS): the members of any element
				a.bindEach(l, r)
				continue
			}
			a.bindPattern(t.Child(i, fLeft), none, nil, true)
		case kCatch:
			a.bindPattern(t.Child(i, fParameter), none, nil, true)
		case kFunction, kClassDecl:
			if nm := t.Child(i, fName); nm != none && t.Nodes[nm].Kind == kIdentifier {
				// The name belongs to the scope around the function; its
				// value is the function, whose returns a call evaluates.
				b := binding{value: none, param: true, name: nm}
				if n.Kind == kFunction {
					b = binding{value: i, name: nm}
				}
				a.scopes.BindIn(nm, b, a.scopes.Of(i))
			}
		}
	}
	a.assigning = true
	for _, i := range a.assigns {
		switch t.Nodes[i].Kind {
		case kAssignment:
			a.bindPattern(t.Child(i, fLeft), t.Child(i, fRight), nil, false)
		case kAugmentedAssignment:
			if op := a.ev.Op(i); op == "+=" || op == "??=" || op == "||=" || op == "&&=" {
				// `b += "ude"`, `b ??= "claude"`: what the assignment
				// gives (Expr), itself read from the name's other values
				a.bindPattern(t.Child(i, fLeft), i, nil, false)
				continue
			}
			a.bindPattern(t.Child(i, fLeft), none, nil, true)
		case kUpdate:
			a.bindPattern(t.Child(i, fArgument), none, nil, true)
		}
	}
	a.assigning = false
	a.passMutations()
}

// passMutations makes a change a function makes to its parameter
// (`function add(a) { a.unshift(x) }`) a change of each name its call
// sites pass for it (`add(args)`), one call level deep. Every site is read:
// giving its name the change is one entry, and the changes applied to one
// name are bounded at its use (maxMutations, past it unmodelled). Past
// MaxCallSites, a file that is not a seed is left out, as in
// Evaluator.Param: no value of it can name a launch.
func (a *analyzer) passMutations() {
	t := a.t
	sorted := map[string]bool{} // the names given a change, to sort again
	defer func() {
		for name := range sorted {
			slices.SortStableFunc(a.muts[name], func(x, y mutation) int { return cmp.Compare(x.at, y.at) })
		}
	}()
	for _, name := range slices.Sorted(maps.Keys(a.muts)) {
		for _, m := range a.muts[name] {
			obj := a.mutationObject(m)
			if obj == none {
				continue
			}
			bs, _, ok := a.scopes.Lookup([]byte(name), obj)
			if !ok || len(bs) != 1 || !bs[0].param || bs[0].fn == "" {
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
				as, _, ok := a.siteArgs(site, fn)
				if !ok {
					continue
				}
				if index < len(as) && t.Nodes[as[index]].Kind == kIdentifier {
					pm := m
					pm.passed, pm.site, pm.at = true, site, t.Nodes[site].Start
					a.addMutation(as[index], pm)
					sorted[t.Text(as[index])] = true
				}
			}
		}
	}
}

// mutationObject is the name node a mutation changes.
func (a *analyzer) mutationObject(m mutation) int32 {
	t := a.t
	switch t.Nodes[m.node].Kind {
	case kCall:
		fn := t.Child(m.node, fFunction)
		if fn == none {
			return none
		}
		obj := t.Child(fn, fObject)
		if obj != none && t.Nodes[obj].Kind != kIdentifier {
			// Array.prototype.push.call(a, x)
			if args := t.Child(m.node, fArguments); args != none && t.Nodes[args].First != none {
				return t.Nodes[args].First
			}
			return none
		}
		return obj
	case kAssignment:
		if l := t.Child(m.node, fLeft); l != none {
			return t.Child(l, fObject)
		}
	}
	return none
}

// bindName binds the name at node p. While assignments are bound (after
// every declaration), the name is bound in the scope that declares it
// (the module when none does: an implicit global).
func (a *analyzer) bindName(p int32, b binding) {
	if !a.assigning {
		a.scopes.Bind(p, b)
		return
	}
	nm := a.t.Nodes[p]
	if _, key, ok := a.scopes.Lookup(a.t.Src[nm.Start:nm.End], p); ok {
		a.scopes.BindIn(p, b, key.Scope)
		return
	}
	a.scopes.BindIn(p, b, none)
}

// collectFieldSets records the fields set on an object by
// Object.assign(o, {k: v}), Reflect.set(o, "k", v) and
// Object.defineProperty(o, "k", {value: v}) as fields of an instance,
// read through any instance (as `o.k = v`).
func (a *analyzer) collectFieldSets(call int32) {
	t := a.t
	fn := t.Child(call, fFunction)
	argsNode := t.Child(call, fArguments)
	if fn == none || t.Nodes[fn].Kind != kMember || argsNode == none || t.Nodes[argsNode].Kind != kArguments {
		return
	}
	args := t.Children(argsNode)
	add := func(obj int32) {
		for c := t.Nodes[obj].First; c != none; c = t.Nodes[c].Next {
			if t.Nodes[c].Kind == kPair {
				if k := t.Child(c, fKey); k != none {
					a.thisAttrs[propName(t, k)] = append(a.thisAttrs[propName(t, k)], t.Child(c, fValue))
				}
			}
		}
	}
	switch t.Text(fn) {
	case "Object.assign":
		a.objAssigns = append(a.objAssigns, call)
		for _, c := range args[min(1, len(args)):] {
			if t.Nodes[c].Kind == kObject {
				add(c)
			}
		}
	case "Reflect.set":
		if len(args) >= 3 && t.Nodes[args[1]].Kind == kString {
			k := propName(t, args[1])
			a.thisAttrs[k] = append(a.thisAttrs[k], args[2])
		}
	case "Object.defineProperty":
		if len(args) >= 3 && t.Nodes[args[1]].Kind == kString && t.Nodes[args[2]].Kind == kObject {
			for c := t.Nodes[args[2]].First; c != none; c = t.Nodes[c].Next {
				if t.Nodes[c].Kind == kPair && propName(t, t.Child(c, fKey)) == "value" {
					k := propName(t, args[1])
					a.thisAttrs[k] = append(a.thisAttrs[k], t.Child(c, fValue))
				}
			}
		}
	}
}

// collectMutation records a method called on a name (`args.push(x)`) or
// through Array.prototype (`Array.prototype.push.call(args, x)`) as a
// possible change of what the name holds.
func (a *analyzer) collectMutation(call int32) {
	t := a.t
	fn := t.Child(call, fFunction)
	if fn == none || t.Nodes[fn].Kind != kMember {
		return
	}
	argsNode := t.Child(call, fArguments)
	if argsNode == none || t.Nodes[argsNode].Kind != kArguments {
		return
	}
	args := t.Children(argsNode)
	obj, p := t.Child(fn, fObject), t.Child(fn, fProperty)
	if obj == none || p == none {
		return
	}
	op := t.Text(p)
	if (op == "call" || op == "apply") && t.Nodes[obj].Kind == kMember && len(args) > 0 {
		// Array.prototype.push.call(args, x)
		if m := t.Child(obj, fProperty); m != none && strings.HasPrefix(t.Text(obj), "Array.prototype.") {
			op, obj, args = t.Text(m), args[0], args[1:]
			if t.Text(p) == "apply" && len(args) > 0 && t.Nodes[args[0]].Kind == kArray {
				args = t.Children(args[0])
			}
		}
	}
	if t.Nodes[obj].Kind == kMember && listMethods[op] != treesitter.ListReadOnly {
		// this.args.push(x): a change of the field's array
		if o := t.Child(obj, fObject); o != none && t.Nodes[o].Kind == kThis {
			a.addMutation(obj, mutation{at: t.Nodes[call].Start, node: call, op: op, args: args})
		}
		return
	}
	if t.Nodes[obj].Kind != kIdentifier || listMethods[op] == treesitter.ListReadOnly {
		return
	}
	a.addMutation(obj, mutation{at: t.Nodes[call].Start, node: call, op: op, args: args})
}

func (a *analyzer) addMutation(name int32, m mutation) {
	if a.muts == nil {
		a.muts = map[string][]mutation{}
	}
	key := a.t.Text(name)
	m.recv = name
	a.muts[key] = append(a.muts[key], m)
}

// collectMemberSet records assignment i to a member or an element l
// (`process.env.BIN = v`, `BINS["x"] = v`, `this.x = v`, `options.x =
// v`, and the logical assignments `??=`, `||=`, `&&=` of one): read back
// where the member is read (envSets, sets, thisAttrs, mutations).
func (a *analyzer) collectMemberSet(i, l int32) {
	t := a.t
	// the value set: the right side, or for `+=` the whole assignment
	// (the member's value joined with it)
	set := t.Child(i, fRight)
	if t.Nodes[i].Kind == kAugmentedAssignment && a.ev.Op(i) == "+=" {
		set = i
	}
	if l != none && (t.Nodes[l].Kind == kSubscript || t.Nodes[l].Kind == kMember) {
		// process.env.BIN = value: read back by process.env.BIN
		if o := t.Child(l, fObject); o != none && t.Is(o, "process.env") {
			a.envSets = append(a.envSets, i)
		}
	}
	if l != none && t.Nodes[l].Kind == kSubscript {
		// BINS["x"] = value: an entry set after construction;
		// args[0] = x: an array changed in place
		if o := t.Child(l, fObject); o != none && t.Nodes[o].Kind == kIdentifier {
			a.sets = append(a.sets, i)
			a.addMutation(o, mutation{at: t.Nodes[i].Start, node: i, op: "[]", index: t.Child(l, fIndex), args: []int32{t.Child(i, fRight)}})
		} else if o != none && t.Nodes[o].Kind == kMember && t.Child(o, fObject) != none && t.Nodes[t.Child(o, fObject)].Kind == kThis {
			// this.args[0] = x
			a.addMutation(o, mutation{at: t.Nodes[i].Start, node: i, op: "[]", index: t.Child(l, fIndex), args: []int32{t.Child(i, fRight)}})
		}
	}
	if l != none && t.Nodes[l].Kind == kMember {
		// this.x = value: an instance field, followed by this.x reads
		if o := t.Child(l, fObject); o != none && t.Nodes[o].Kind == kThis {
			if p := t.Child(l, fProperty); p != none {
				a.thisAttrs[t.Text(p)] = append(a.thisAttrs[t.Text(p)], set)
			}
		} else if o != none && t.Nodes[o].Kind == kIdentifier && globalObjects[t.Text(o)] && !a.scopes.Bound([]byte(t.Text(o))) {
			// globalThis.bin = value: a global name, seen by a
			// bare `bin` anywhere in the file
			if p := t.Child(l, fProperty); p != none {
				a.scopes.BindIn(p, binding{value: t.Child(i, fRight), name: p}, none)
				a.thisAttrs[t.Text(p)] = append(a.thisAttrs[t.Text(p)], set)
			}
		} else if o != none && t.Nodes[o].Kind == kIdentifier {
			// options.x = value: a property set after construction;
			// r.tool = value: a field of an instance, read through
			// any instance
			a.sets = append(a.sets, i)
			if p := t.Child(l, fProperty); p != none {
				a.thisAttrs[t.Text(p)] = append(a.thisAttrs[t.Text(p)], set)
			}
		}
	}
}

// parameterProperty reports whether parameter c declares a field
// (`private x`, `readonly x`, `public x` in a constructor).
func (a *analyzer) parameterProperty(c int32) bool {
	t := a.t
	if k := t.Nodes[c].Kind; k != kRequiredParameter && k != kOptionalParameter {
		return false
	}
	return t.ChildKind(c, kModifier) != none || strings.HasPrefix(t.Text(c), "readonly ")
}

// iterMethods call their callback with each element of the array.
var iterMethods = map[string]bool{"map": true, "filter": true, "forEach": true, "flatMap": true, "find": true, "some": true, "every": true}

// iterParam is, for an arrow fn that is the callback of xs.map(...) (or
// another iteration method), the receiver xs and the arrow's first
// parameter when it is a plain name (`x => ...`, `(x) => ...`, `(x: T) =>
// ...`); else none, none.
func (a *analyzer) iterParam(fn int32) (recv, param int32) {
	t := a.t
	if fn == none || t.Nodes[fn].Kind != kArrow {
		return none, none
	}
	recv = a.iterCallback(fn)
	if recv == none {
		return none, none
	}
	p, _ := a.firstParam(fn)
	if p == none || t.Nodes[p].Kind != kIdentifier && t.Nodes[p].Kind != kObjectPattern && t.Nodes[p].Kind != kArrayPattern {
		return none, none
	}
	return recv, p
}

// firstParam is the pattern of function fn's first parameter (`x =>`,
// `(x) =>`, `(x: T) =>`, `function (x, y)`), or none, and how many
// parameters fn has.
func (a *analyzer) firstParam(fn int32) (int32, int) {
	t := a.t
	if p := t.Child(fn, fParameter); p != none {
		return p, 1
	}
	ps := t.Child(fn, fParameters)
	if ps == none || t.Nodes[ps].First == none {
		return none, 0
	}
	p := t.Nodes[ps].First
	if k := t.Nodes[p].Kind; k == kRequiredParameter || k == kOptionalParameter {
		p = t.Child(p, fPattern)
	}
	return p, len(t.Children(ps))
}

// returned is the one expression function fn returns: an arrow's
// expression body, or the value of a body that is one return statement;
// none for any other body.
func (a *analyzer) returned(fn int32) int32 {
	t := a.t
	body := t.Child(fn, fBody)
	if body == none || t.Nodes[body].Kind != kStatementBlock {
		return body
	}
	kids := t.Children(body)
	if len(kids) != 1 || t.Nodes[kids[0]].Kind != kReturn {
		return none
	}
	return t.Nodes[kids[0]].First
}

// bindEach binds the names of destructuring pattern pat to the members of
// any element of the array (or object) src: `for (const {cmd, args} of
// STEPS)`, `STEPS.forEach(({cmd, args}) => ...)`.
func (a *analyzer) bindEach(pat, src int32) {
	a.eachPattern = true
	a.bindPattern(pat, src, nil, false)
	a.eachPattern = false
}

// iterCallback is the receiver xs when arrow fn is the first argument of
// xs.map(...) (or another iteration method), else none.
func (a *analyzer) iterCallback(fn int32) int32 {
	t := a.t
	args := t.Nodes[fn].Parent
	if args == none || t.Nodes[args].Kind != kArguments || t.Nodes[args].First != fn {
		return none
	}
	call := t.Nodes[args].Parent
	if call == none || t.Nodes[call].Kind != kCall {
		return none
	}
	callee := t.Child(call, fFunction)
	if callee == none || t.Nodes[callee].Kind != kMember {
		return none
	}
	if p := t.Child(callee, fProperty); p == none || !iterMethods[t.Text(p)] {
		return none
	}
	return t.Child(callee, fObject)
}

// thenModuleOfArrow handles `import('m').then(cp => ...)`: the arrow's
// single parameter is the module.
func (a *analyzer) thenModuleOfArrow(arrow int32) int32 {
	return a.thenCallee(arrow)
}

// thenModule returns the `import('m')` call whose `.then` callback owns the
// parameter list params, or none.
func (a *analyzer) thenModule(params int32) int32 {
	if params == none {
		return none
	}
	fn := a.t.Nodes[params].Parent
	if fn == none || a.t.Nodes[fn].Kind != kArrow && a.t.Nodes[fn].Kind != kFunction {
		return none
	}
	return a.thenCallee(fn)
}

func (a *analyzer) thenCallee(fn int32) int32 {
	t := a.t
	args := t.Nodes[fn].Parent
	if args == none || t.Nodes[args].Kind != kArguments {
		return none
	}
	call := t.Nodes[args].Parent
	if call == none || t.Nodes[call].Kind != kCall {
		return none
	}
	callee := t.Child(call, fFunction)
	if callee == none || t.Nodes[callee].Kind != kMember {
		return none
	}
	if p := t.Child(callee, fProperty); p == none || !t.Is(p, "then") {
		return none
	}
	// import('m').then(cp => ...): the module; getBin().then(b => ...),
	// Promise.resolve('claude').then(b => ...): what the promise gives,
	// read as the receiver's value (an async function's call is its
	// return, as await reads it)
	if fn == t.Nodes[args].First {
		return t.Child(callee, fObject)
	}
	return none
}

// functionName names the function that owns a parameter list: a function
// or method declaration, or a function or arrow assigned to a name or an
// object property. method is set when calls look like x.name(...).
func (a *analyzer) functionName(params int32) (string, bool) {
	t := a.t
	fn := t.Nodes[params].Parent
	if fn == none {
		return "", false
	}
	if nm := t.Child(fn, fName); nm != none {
		switch t.Nodes[nm].Kind {
		case kIdentifier:
			return t.Text(nm), false
		case kPropertyIdentifier:
			if t.Is(nm, "constructor") {
				// new Task("claude") calls the constructor
				if cls := a.className(fn); cls != "" {
					return "new " + cls, false
				}
			}
			return t.Text(nm), true
		}
	}
	switch par := t.Nodes[fn].Parent; {
	case par == none:
	case t.Nodes[par].Kind == kVariableDeclarator:
		if nm := t.Child(par, fName); nm != none && t.Nodes[nm].Kind == kIdentifier {
			return t.Text(nm), false
		}
	case t.Nodes[par].Kind == kPair:
		if k := t.Child(par, fKey); k != none {
			return propName(t, k), true
		}
	default:
		return exportName(t, fn), false
	}
	return "", false
}

// exportName is the name under which the module exports function fn
// written anonymously as its export: "default" for `export default (b) =>`
// and `module.exports = function (b)`, x for `exports.x = (b) =>` and
// `module.exports.x = function (b)` ("" otherwise). Its importers look
// its sinks up under that name.
func exportName(t *tree, fn int32) string {
	par := t.Nodes[fn].Parent
	if par == none {
		return ""
	}
	switch t.Nodes[par].Kind {
	case kExportStatement:
		if t.Child(par, fValue) == fn || strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(t.Text(par), "export")), "default") {
			return "default"
		}
	case kAssignment:
		l := t.Child(par, fLeft)
		if t.Child(par, fRight) != fn || l == none || t.Nodes[l].Kind != kMember {
			return ""
		}
		switch lt := t.Text(l); {
		case lt == "module.exports":
			return "default"
		case strings.HasPrefix(lt, "module.exports.") && strings.Count(lt, ".") == 2,
			strings.HasPrefix(lt, "exports.") && strings.Count(lt, ".") == 1:
			return lt[strings.LastIndexByte(lt, '.')+1:]
		}
	}
	return ""
}

// className is the name of the class declaration whose body defines
// method fn.
func (a *analyzer) className(fn int32) string {
	t := a.t
	for p := t.Nodes[fn].Parent; p != none; p = t.Nodes[p].Parent {
		if t.Nodes[p].Kind == kClassDecl {
			if nm := t.Child(p, fName); nm != none {
				return t.Text(nm)
			}
			return ""
		}
	}
	return ""
}

// globalObjects hold the global names: a property set on one is a global
// variable.
var globalObjects = map[string]bool{"globalThis": true, "global": true, "window": true, "self": true}

// restFrom prefixes a destructuring path element that takes a list's
// elements from an index on (`[a, ...rest]`).
const restFrom = "...#"

// Method names the method that node n defines (a method definition).
func (a *analyzer) Method(n int32) (string, bool) {
	t := a.t
	if t.Nodes[n].Kind != kFunction {
		return "", false
	}
	if nm := t.Child(n, fName); nm != none && t.Nodes[nm].Kind == kPropertyIdentifier {
		return t.Text(nm), true
	}
	return "", false
}

// Import reports whether b is an import.
func (a *analyzer) Import(b *binding) bool { return b.ref }

// callShape is how a call reads in the detector's enumerations.
var callShape = treesitter.CallShape{Call: kCall, Callee: fFunction, Ident: kIdentifier, Member: kMember, MemberName: fProperty}

// newShape is how a constructor call reads (new C(...)).
var newShape = treesitter.CallShape{Call: kNew, Callee: fConstructor, Ident: kIdentifier, Member: kMember, MemberName: fProperty}

// bindPattern binds the names in a declaration pattern to value (or to
// unknown when param is set), following destructuring paths.
func (a *analyzer) bindPattern(pat, value int32, path []string, param bool) {
	t := a.t
	if pat == none {
		return
	}
	// Patterns are shallow in practice; the explicit stack keeps deep
	// ones from recursing. A rest element (...x) binds an unknown value.
	type item struct {
		pat  int32
		path []string
		rest bool
		def  int32 // a default value (`{BIN = "claude"}`), or none
	}
	stack := []item{{pat, path, false, none}}
	for len(stack) > 0 && len(stack) < 4096 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		p := it.pat
		switch t.Nodes[p].Kind {
		case kIdentifier, kShorthandPropertyPattern:
			if it.rest {
				a.bindName(p, binding{value: none, path: it.path, param: true, name: p})
				continue
			}
			b := binding{value: value, path: it.path, param: param || value == none, name: p, each: a.eachPattern && value != none}
			if tm := a.paramTmpl; tm != nil {
				b.fn, b.method, b.index, b.def = tm.fn, tm.method, tm.index, none
			}
			if it.def != none {
				b.dflt, b.hasDflt = it.def, true
			}
			a.bindName(p, b)
		case kObjectPattern:
			for c := t.Nodes[p].First; c != none; c = t.Nodes[c].Next {
				switch t.Nodes[c].Kind {
				case kShorthandPropertyPattern:
					stack = append(stack, item{c, treesitter.AppendPath(it.path, t.Text(c)), it.rest, none})
				case kPairPattern:
					k := t.Child(c, fKey)
					v := t.Child(c, fValue)
					if k != none && v != none {
						key := propName(t, k)
						if strings.HasPrefix(t.Text(k), "[") && t.Nodes[k].First != none {
							// { [expr]: name }: the key is expr's value,
							// read where the name is (atPath)
							key = computedKey + strconv.Itoa(int(t.Nodes[k].First))
						}
						stack = append(stack, item{v, treesitter.AppendPath(it.path, key), it.rest, none})
					}
				case kObjectAssignmentPattern:
					if l := t.Child(c, fLeft); l != none {
						stack = append(stack, item{l, treesitter.AppendPath(it.path, t.Text(l)), it.rest, t.Child(c, fRight)})
					}
				case kRestPattern:
					for r := t.Nodes[c].First; r != none; r = t.Nodes[r].Next {
						stack = append(stack, item{r, nil, true, none})
					}
				}
			}
		case kArrayPattern:
			idx := 0
			prev := t.Nodes[p].Start + 1 // after the `[`
			for c := t.Nodes[p].First; c != none; c = t.Nodes[c].Next {
				// a hole (`[, c]`) is no node: a comma more than the one
				// that ends the previous element is one position
				idx += holes(t.Src[prev:t.Nodes[c].Start], c == t.Nodes[p].First)
				prev = t.Nodes[c].End
				if t.Nodes[c].Kind == kRestPattern {
					// [sh, ...flags] = list: flags is the list from idx on
					for r := t.Nodes[c].First; r != none; r = t.Nodes[r].Next {
						stack = append(stack, item{r, treesitter.AppendPath(it.path, restFrom+strconv.Itoa(idx)), it.rest, none})
					}
					continue
				}
				stack = append(stack, item{c, treesitter.AppendPath(it.path, "#"+strconv.Itoa(idx)), it.rest, none})
				idx++
			}
		case kAssignmentPattern, kObjectAssignmentPattern:
			if l := t.Child(p, fLeft); l != none {
				def := t.Child(p, fRight)
				if def == none {
					def = it.def
				}
				stack = append(stack, item{l, it.path, it.rest, def})
			}
		case kRestPattern:
			for r := t.Nodes[p].First; r != none; r = t.Nodes[r].Next {
				stack = append(stack, item{r, nil, true, none})
			}
		}
	}
}

// holes counts the positions an array pattern skips in gap, the text
// between two of its elements (or its `[` and the first element): its
// commas, but the one that ends the previous element.
func holes(gap []byte, first bool) int {
	n := bytes.Count(gap, []byte(","))
	if !first && n > 0 {
		n--
	}
	return n
}

// propName is the name of a property key: an identifier or a string.
func propName(t *tree, k int32) string {
	switch t.Nodes[k].Kind {
	case kString:
		var b strings.Builder
		for c := t.Nodes[k].First; c != none; c = t.Nodes[c].Next {
			if t.Nodes[c].Kind == kStringFragment {
				b.WriteString(t.Text(c))
			} else if t.Nodes[c].Kind == kEscapeSequence {
				b.WriteString(decodeEscape(t.Text(c)))
			}
		}
		return b.String()
	}
	return t.Text(k)
}

// collectImport binds the names of an import statement.
func (a *analyzer) collectImport(i int32) {
	t := a.t
	if rc := t.ChildKind(i, kImportRequireClause); rc != none {
		// TypeScript: import cp = require('child_process')
		id := t.ChildKind(rc, kIdentifier)
		src := t.Child(rc, fSource)
		if id != none && src != none {
			a.scopes.Bind(id, binding{value: none, ref: true, mod: normModule(propName(t, src)), name: id})
		}
		return
	}
	srcNode := t.Child(i, fSource)
	if srcNode == none {
		return
	}
	raw := propName(t, srcNode)
	mod := normModule(raw)
	if raw == "zx/globals" {
		a.zxGlobal = true
	}
	clause := t.ChildKind(i, kImportClause)
	if clause == none {
		return
	}
	for c := t.Nodes[clause].First; c != none; c = t.Nodes[c].Next {
		switch t.Nodes[c].Kind {
		case kIdentifier: // default import
			a.scopes.Bind(c, binding{value: none, ref: true, mod: mod, name: c})
		case kNamespaceImport:
			if id := t.ChildKind(c, kIdentifier); id != none {
				a.scopes.Bind(id, binding{value: none, ref: true, mod: mod, name: id})
			}
		case kNamedImports:
			for s := t.Nodes[c].First; s != none; s = t.Nodes[s].Next {
				if t.Nodes[s].Kind != kImportSpecifier {
					continue
				}
				name := t.Child(s, fName)
				local := t.Child(s, fAlias)
				if local == none {
					local = name
				}
				if name == none {
					continue
				}
				member := propName(t, name)
				path := []string{member}
				if member == "default" {
					path = nil
				}
				a.scopes.Bind(local, binding{value: none, ref: true, mod: mod, path: path, name: local})
			}
		}
	}
}

// normModule strips the `node:` scheme, Deno's registry schemes with
// their versions (registryModule) and the `/promises` flavours that
// export the same functions.
func normModule(m string) string {
	m = strings.TrimPrefix(m, "node:")
	m = registryModule(m)
	switch m {
	case "zx/core", "zx/globals":
		return "zx"
	case "child_process/promises":
		return "child_process"
	}
	if w, ok := wrapperModules[m]; ok {
		return w
	}
	return m
}

// Class implements treesitter.Lang: a class declaration, its name and the
// last part of the class it extends (`class C<T> extends base.Runner<T>`).
func (a *analyzer) Class(n int32) (string, []string, bool) {
	t := a.t
	if t.Nodes[n].Kind != kClassDecl {
		return "", nil, false
	}
	nm, body := t.Child(n, fName), t.Child(n, fBody)
	if nm == none || body == none {
		return "", nil, false
	}
	head := t.Src[t.Nodes[nm].End:t.Nodes[body].Start]
	_, ext, ok := bytes.Cut(head, []byte("extends"))
	if !ok {
		return t.Text(nm), nil, true
	}
	ext, _, _ = bytes.Cut(ext, []byte("implements"))
	return t.Text(nm), treesitter.BaseNames(ext), true
}

// registryModule is the package a Deno specifier of a registry names
// (`npm:execa@9`, `jsr:@david/dax@0.42/mod`): the scheme and the version
// stripped, a subpath kept. Any other specifier is returned unchanged.
func registryModule(m string) string {
	rest, ok := strings.CutPrefix(m, "npm:")
	if !ok {
		if rest, ok = strings.CutPrefix(m, "jsr:"); !ok {
			return m
		}
	}
	rest = strings.TrimPrefix(rest, "/")
	from := 0
	if strings.HasPrefix(rest, "@") {
		// a scope: the version's @ comes after the package's name
		from = strings.IndexByte(rest, '/') + 1
		if from == 0 {
			return rest
		}
	}
	at := strings.IndexByte(rest[from:], '@')
	if at < 0 {
		return rest
	}
	at += from
	end := strings.IndexByte(rest[at:], '/')
	if end < 0 {
		return rest[:at]
	}
	return rest[:at] + rest[at+end:]
}
