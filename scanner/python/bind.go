package python

// binding is one place a name gets a value in the file: an assignment, an
// import, or a parameter/loop variable (whose value is unknown).
type binding struct {
	value int32  // the expression assigned, or none
	mod   string // for imports: the module
	path  []string
	ref   bool // an import: the value is mod + path
	param bool // unknown value
	name  int32
	scope int32 // the function the binding belongs to (none: the module)

	// A plain parameter of a named function: its value is resolved from
	// the function's call sites in the file.
	fn     string
	method bool // a method: called as x.fn(...), self not passed
	index  int  // position among the positional parameters
	def    int32
}

// scopeKey names the bindings of one name in one function scope.
type scopeKey struct{ name, scope int32 }

// mutation is an in-place change of a list or string a name holds:
// `cmd += [...]`, `cmd.append(x)`, `cmd.extend([...])`, `cmd.insert(...)`.
type mutation struct {
	at    uint32 // byte offset of the statement
	op    string // "+=", "append", "extend", "insert"
	value int32
}

// collect records every binding of every name in the file, walking the
// flat node array (linear, no recursion).
func (a *analyzer) collect() {
	t := a.t
	for i := int32(0); i < int32(len(t.nodes)); i++ {
		n := &t.nodes[i]
		switch n.kind {
		case kAssignment:
			l := t.child(i, fLeft)
			r := t.child(i, fRight)
			if r == none {
				continue // a bare annotation binds nothing
			}
			if t.nodes[r].kind == kAssignment {
				continue // chained: the inner assignment binds with the final value
			}
			a.bindTarget(l, r)
			// a = b = "x": walk up the chain.
			for p := n.parent; p != none && t.nodes[p].kind == kAssignment; p = t.nodes[p].parent {
				a.bindTarget(t.child(p, fLeft), r)
			}
		case kAugmentedAssignment:
			l := t.child(i, fLeft)
			if l != none && t.nodes[l].kind == kIdentifier {
				op := t.child(i, fOperator)
				if op != none && t.is(op, "+=") {
					a.addMutation(l, mutation{at: n.start, op: "+=", value: t.child(i, fRight)})
				} else {
					a.addBinding(l, binding{value: none, param: true, name: l})
				}
			}
		case kNamedExpression:
			if nm := t.child(i, fName); nm != none {
				a.addBinding(nm, binding{value: t.child(i, fValue), name: nm})
			}
		case kImport:
			a.collectImport(i)
		case kImportFrom:
			a.collectImportFrom(i)
		case kParameters:
			fn, method := a.functionName(i)
			idx := 0
			if method {
				idx = -1 // self
			}
			for c := n.first; c != none; c = t.nodes[c].next {
				nm, def := int32(none), int32(none)
				switch t.nodes[c].kind {
				case kIdentifier:
					nm = c
				case kDefaultParameter, kTypedDefaultParameter:
					nm, def = t.child(c, fName), t.child(c, fValue)
				case kTypedParameter:
					if f := t.nodes[c].first; f != none && t.nodes[f].kind == kIdentifier {
						nm = f
					}
				case kListSplatPattern, kDictionarySplatPattern:
					a.bindUnknown(c)
					idx = -1 << 20 // later parameters are keyword-only
					continue
				default:
					if t.nodes[c].kind != kOther {
						a.bindUnknown(c)
					}
					continue
				}
				if nm == none {
					continue
				}
				a.addBinding(nm, binding{value: none, param: true, name: nm, fn: fn, method: method, index: idx, def: def})
				idx++
			}
		case kFor, kForIn:
			a.bindUnknown(t.child(i, fLeft))
		case kAsPatternTarget:
			a.bindUnknown(i)
		case kFunction, kClass:
			if nm := t.child(i, fName); nm != none {
				b := binding{value: none, param: true, name: nm}
				if n.kind == kFunction {
					b = binding{value: i, name: nm} // a call evaluates its returns
				}
				a.addBindingIn(nm, b, a.scopeOf(i))
			}
		case kCall:
			// cmd.append(x) / cmd.extend([...]) / cmd.insert(i, x)
			fn := t.child(i, fFunction)
			if fn == none || t.nodes[fn].kind != kAttribute {
				continue
			}
			obj := t.child(fn, fObject)
			at := t.child(fn, fAttribute)
			if obj == none || at == none || t.nodes[obj].kind != kIdentifier {
				continue
			}
			for _, op := range []string{"append", "extend", "insert"} {
				if t.is(at, op) {
					args := t.child(i, fArguments)
					var v int32 = none
					if args != none {
						v = t.nodes[args].first
					}
					a.addMutation(obj, mutation{at: n.start, op: op, value: v})
				}
			}
		}
	}
}

func (a *analyzer) addBinding(name int32, b binding) {
	a.addBindingIn(name, b, a.scopeOf(name))
}

func (a *analyzer) addBindingIn(name int32, b binding, scope int32) {
	nm := a.t.nodes[name]
	key := string(a.t.src[nm.start:nm.end])
	id, ok := a.names[key]
	if !ok {
		id = int32(len(a.names))
		a.names[key] = id
	}
	b.scope = scope
	a.binds[key]++
	k := scopeKey{id, scope}
	a.scoped[k] = append(a.scoped[k], b)
}

// scopeOf is the innermost function or lambda strictly around node n, or
// none for the module. Class bodies and comprehensions are not scopes
// here.
func (a *analyzer) scopeOf(n int32) int32 {
	t := a.t
	if v, ok := a.scopeCache[n]; ok {
		return v
	}
	s := int32(none)
	for p := t.nodes[n].parent; p != none; p = t.nodes[p].parent {
		if k := t.nodes[p].kind; k == kFunction || k == kLambda {
			s = p
			break
		}
	}
	if k := t.nodes[n].kind; k == kFunction || k == kLambda {
		a.scopeCache[n] = s
	}
	return s
}

// functionName names the function that owns a parameter list; method is
// set for a function defined directly in a class body.
func (a *analyzer) functionName(params int32) (string, bool) {
	t := a.t
	fn := t.nodes[params].parent
	if fn == none || t.nodes[fn].kind != kFunction {
		return "", false
	}
	nm := t.child(fn, fName)
	if nm == none {
		return "", false
	}
	method := false
	for p := t.nodes[fn].parent; p != none; p = t.nodes[p].parent {
		k := t.nodes[p].kind
		if k == kClass {
			method = true
			break
		}
		if k == kFunction || k == kLambda || k == kModule {
			break
		}
	}
	return t.text(nm), method
}

// methods indexes the functions defined directly in a class body by name.
func (a *analyzer) methods() map[string][]int32 {
	if a.methodIdx != nil {
		return a.methodIdx
	}
	t := a.t
	a.methodIdx = map[string][]int32{}
	for i := int32(0); i < int32(len(t.nodes)); i++ {
		if t.nodes[i].kind != kFunction {
			continue
		}
		if p := t.child(i, fParameters); p != none {
			if _, method := a.functionName(p); method {
				if nm := t.child(i, fName); nm != none {
					a.methodIdx[t.text(nm)] = append(a.methodIdx[t.text(nm)], i)
				}
			}
		}
	}
	return a.methodIdx
}

// callSites indexes the calls of the file by callee name: "f" for f(...),
// ".m" for x.m(...).
func (a *analyzer) callSites() map[string][]int32 {
	if a.sites != nil {
		return a.sites
	}
	t := a.t
	a.sites = map[string][]int32{}
	for i := int32(0); i < int32(len(t.nodes)); i++ {
		if t.nodes[i].kind != kCall {
			continue
		}
		fn := t.child(i, fFunction)
		if fn == none {
			continue
		}
		switch t.nodes[fn].kind {
		case kIdentifier:
			k := t.text(fn)
			a.sites[k] = append(a.sites[k], i)
		case kAttribute:
			if at := t.child(fn, fAttribute); at != none {
				k := "." + t.text(at)
				a.sites[k] = append(a.sites[k], i)
			}
		}
	}
	return a.sites
}

func (a *analyzer) addMutation(name int32, m mutation) {
	nm := a.t.nodes[name]
	key := string(a.t.src[nm.start:nm.end])
	a.muts[key] = append(a.muts[key], m)
}

// bindTarget binds an assignment target: a name gets the value, a
// destructuring target binds its names to unknown values.
func (a *analyzer) bindTarget(l, r int32) {
	t := a.t
	if l == none {
		return
	}
	switch t.nodes[l].kind {
	case kIdentifier:
		a.addBinding(l, binding{value: r, name: l})
	case kAttribute:
		// self.x = value: an instance attribute, followed by self.x reads
		if obj := t.child(l, fObject); obj != none && t.nodes[obj].kind == kIdentifier && t.is(obj, "self") {
			if at := t.child(l, fAttribute); at != none {
				k := t.text(at)
				a.selfAttrs[k] = append(a.selfAttrs[k], r)
			}
		}
	case kPatternList, kTuplePattern, kListPattern, kExpressionList, kTuple, kList:
		a.bindUnknown(l)
	}
}

// bindUnknown binds every plain name inside a target to an unknown value.
func (a *analyzer) bindUnknown(n int32) {
	t := a.t
	if n == none {
		return
	}
	if t.nodes[n].kind == kIdentifier {
		a.addBinding(n, binding{value: none, param: true, name: n})
		return
	}
	end := t.nodes[n].end
	for i := n + 1; i < int32(len(t.nodes)) && t.nodes[i].start < end; i++ {
		if t.nodes[i].kind != kIdentifier {
			continue
		}
		// Only names in binding position: not attribute names or
		// subscripts (a.b, a[i] as targets bind nothing).
		par := t.nodes[i].parent
		switch t.nodes[par].kind {
		case kAttribute, kSubscript, kTypedParameter:
			if t.nodes[par].kind == kTypedParameter && t.nodes[i].field == fNone && t.nodes[par].first == i {
				a.addBinding(i, binding{value: none, param: true, name: i})
			}
			continue
		}
		a.addBinding(i, binding{value: none, param: true, name: i})
	}
}

// collectImport binds `import a.b` (a → module a) and `import a.b as c`
// (c → module a.b).
func (a *analyzer) collectImport(i int32) {
	t := a.t
	for c := t.nodes[i].first; c != none; c = t.nodes[c].next {
		switch t.nodes[c].kind {
		case kDottedName:
			first := t.nodes[c].first
			if first != none {
				a.addBinding(first, binding{value: none, ref: true, mod: t.text(first), name: first})
			}
		case kAliasedImport:
			nm := t.child(c, fName)
			al := t.child(c, fAlias)
			if nm != none && al != none {
				a.addBinding(al, binding{value: none, ref: true, mod: normModule(t.text(nm)), name: al})
			}
		}
	}
}

// collectImportFrom binds `from m import x as y` (y → m.x) and records
// wildcard imports.
func (a *analyzer) collectImportFrom(i int32) {
	t := a.t
	modNode := t.child(i, fModuleName)
	if modNode == none || t.nodes[modNode].kind != kDottedName {
		return // relative imports name the project's own modules
	}
	mod := normModule(t.text(modNode))
	for c := t.nodes[i].first; c != none; c = t.nodes[c].next {
		if c == modNode {
			continue
		}
		switch t.nodes[c].kind {
		case kWildcardImport:
			a.wildcards = append(a.wildcards, mod)
		case kDottedName:
			if t.nodes[c].field == fName {
				a.addBinding(c, binding{value: none, ref: true, mod: mod, path: []string{t.text(c)}, name: c})
			}
		case kAliasedImport:
			nm := t.child(c, fName)
			al := t.child(c, fAlias)
			if nm != none && al != none {
				a.addBinding(al, binding{value: none, ref: true, mod: mod, path: []string{t.text(nm)}, name: al})
			}
		}
	}
}

// normModule maps a module to the one whose API it re-exports.
func normModule(m string) string {
	switch m {
	case "asyncio.subprocess":
		return "asyncio"
	case "pexpect.popen_spawn":
		return "pexpect"
	case "trio.lowlevel":
		return "trio"
	case "os.path":
		return "os.path"
	case "claude_code_sdk":
		return "claude_agent_sdk"
	}
	return m
}
