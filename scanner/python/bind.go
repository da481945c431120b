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
}

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
			for c := n.first; c != none; c = t.nodes[c].next {
				switch t.nodes[c].kind {
				case kIdentifier:
					a.addBinding(c, binding{value: none, param: true, name: c})
				case kDefaultParameter, kTypedDefaultParameter:
					if nm := t.child(c, fName); nm != none {
						a.addBinding(nm, binding{value: none, param: true, name: nm})
					}
				case kTypedParameter, kListSplatPattern, kDictionarySplatPattern:
					a.bindUnknown(c)
				}
			}
		case kFor, kForIn:
			a.bindUnknown(t.child(i, fLeft))
		case kAsPatternTarget:
			a.bindUnknown(i)
		case kFunction, kClass:
			if nm := t.child(i, fName); nm != none {
				a.addBinding(nm, binding{value: none, param: true, name: nm})
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
	nm := a.t.nodes[name]
	key := string(a.t.src[nm.start:nm.end])
	a.binds[key] = append(a.binds[key], b)
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
