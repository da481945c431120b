package tsjs

import (
	"strconv"
	"strings"
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
	scope int32    // the function the binding belongs to (none: the module)

	// A plain parameter of a named function: its value is resolved from
	// the function's call sites in the file.
	fn     string // the function's name ("" when anonymous)
	method bool   // fn is a method or object property (called as x.fn())
	index  int    // the parameter's position
	def    int32  // its default value, or none
}

// scopeKey names the bindings of one name in one function scope.
type scopeKey struct{ name, scope int32 }

// collect records every binding of every name in the file. It walks the
// flat node array, so its cost is linear and it never recurses.
func (a *analyzer) collect() {
	t := a.t
	for i := int32(0); i < int32(len(t.nodes)); i++ {
		n := &t.nodes[i]
		switch n.kind {
		case kVariableDeclarator:
			a.bindPattern(t.child(i, fName), t.child(i, fValue), nil, false)
		case kAssignment:
			l := t.child(i, fLeft)
			if l != none && t.nodes[l].kind != kMember && t.nodes[l].kind != kSubscript {
				a.bindPattern(l, t.child(i, fRight), nil, false)
			}
			if l != none && t.nodes[l].kind == kMember {
				// this.x = value: an instance field, followed by this.x reads
				if o := t.child(l, fObject); o != none && t.nodes[o].kind == kThis {
					if p := t.child(l, fProperty); p != none {
						a.thisAttrs[t.text(p)] = append(a.thisAttrs[t.text(p)], t.child(i, fRight))
					}
				}
			}
		case kField:
			// class C { bin = 'claude' }
			nm := t.child(i, fName)
			if nm == none {
				nm = t.child(i, fProperty)
			}
			if v := t.child(i, fValue); nm != none && v != none {
				a.thisAttrs[propName(t, nm)] = append(a.thisAttrs[propName(t, nm)], v)
			}
		case kAugmentedAssignment:
			if l := t.child(i, fLeft); l != none && t.nodes[l].kind == kIdentifier {
				a.bindPattern(l, none, nil, true)
			}
		case kUpdate:
			if l := t.child(i, fArgument); l != none && t.nodes[l].kind == kIdentifier {
				a.bindPattern(l, none, nil, true)
			}
		case kImportStatement:
			a.collectImport(i)
		case kFormalParameters:
			src := a.thenModule(i)
			fn, method := a.functionName(i)
			idx := 0
			for c := n.first; c != none; c = t.nodes[c].next {
				p, def := c, int32(none)
				if k := t.nodes[c].kind; k == kRequiredParameter || k == kOptionalParameter {
					p, def = t.child(c, fPattern), t.child(c, fValue)
				}
				if p != none && t.nodes[p].kind == kAssignmentPattern {
					p, def = t.child(p, fLeft), t.child(p, fRight)
				}
				index := idx
				idx++
				if src != none {
					a.bindPattern(p, src, nil, false)
					src = none
					continue
				}
				if p != none && t.nodes[p].kind == kIdentifier && fn != "" {
					a.addBinding(p, binding{value: none, param: true, name: p, fn: fn, method: method, index: index, def: def})
					continue
				}
				a.bindPattern(p, none, nil, true)
			}
		case kArrow:
			if p := t.child(i, fParameter); p != none {
				if src := a.thenModule(t.child(i, fParameters)); src != none {
					a.bindPattern(p, src, nil, false)
				} else if src := a.thenModuleOfArrow(i); src != none {
					a.bindPattern(p, src, nil, false)
				} else {
					a.bindPattern(p, none, nil, true)
				}
			}
		case kForIn:
			a.bindPattern(t.child(i, fLeft), none, nil, true)
		case kCatch:
			a.bindPattern(t.child(i, fParameter), none, nil, true)
		case kFunction, kClassDecl:
			if nm := t.child(i, fName); nm != none && t.nodes[nm].kind == kIdentifier {
				// The name belongs to the scope around the function; its
				// value is the function, whose returns a call evaluates.
				b := binding{value: none, param: true, name: nm}
				if n.kind == kFunction {
					b = binding{value: i, name: nm}
				}
				a.addBindingIn(nm, b, a.scopeOf(i))
			}
		}
	}
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
	fn := a.t.nodes[params].parent
	if fn == none || a.t.nodes[fn].kind != kArrow && a.t.nodes[fn].kind != kFunction {
		return none
	}
	return a.thenCallee(fn)
}

func (a *analyzer) thenCallee(fn int32) int32 {
	t := a.t
	args := t.nodes[fn].parent
	if args == none || t.nodes[args].kind != kArguments {
		return none
	}
	call := t.nodes[args].parent
	if call == none || t.nodes[call].kind != kCall {
		return none
	}
	callee := t.child(call, fFunction)
	if callee == none || t.nodes[callee].kind != kMember {
		return none
	}
	if p := t.child(callee, fProperty); p == none || !t.is(p, "then") {
		return none
	}
	obj := t.child(callee, fObject)
	if obj == none || t.nodes[obj].kind != kCall {
		return none
	}
	if f := t.child(obj, fFunction); f != none && (t.nodes[f].kind == kImport || t.nodes[f].kind == kIdentifier && t.is(f, "require")) {
		return obj
	}
	return none
}

func (a *analyzer) addBinding(name int32, b binding) {
	a.addBindingIn(name, b, a.scopeOf(name))
}

func (a *analyzer) addBindingIn(name int32, b binding, scope int32) {
	t := a.t
	nm := t.nodes[name]
	key := string(t.src[nm.start:nm.end])
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

// scopeOf is the innermost function (or arrow, or method) strictly around
// node n, or none for the module. Block scopes are not told apart.
func (a *analyzer) scopeOf(n int32) int32 {
	t := a.t
	if v, ok := a.scopeCache[n]; ok {
		return v
	}
	s := int32(none)
	for p := t.nodes[n].parent; p != none; p = t.nodes[p].parent {
		if k := t.nodes[p].kind; k == kFunction || k == kArrow {
			s = p
			break
		}
	}
	if k := t.nodes[n].kind; k == kFunction || k == kArrow {
		a.scopeCache[n] = s
	}
	return s
}

// functionName names the function that owns a parameter list: a function
// or method declaration, or a function or arrow assigned to a name or an
// object property. method is set when calls look like x.name(...).
func (a *analyzer) functionName(params int32) (string, bool) {
	t := a.t
	fn := t.nodes[params].parent
	if fn == none {
		return "", false
	}
	if nm := t.child(fn, fName); nm != none {
		switch t.nodes[nm].kind {
		case kIdentifier:
			return t.text(nm), false
		case kPropertyIdentifier:
			return t.text(nm), true
		}
	}
	switch par := t.nodes[fn].parent; {
	case par == none:
	case t.nodes[par].kind == kVariableDeclarator:
		if nm := t.child(par, fName); nm != none && t.nodes[nm].kind == kIdentifier {
			return t.text(nm), false
		}
	case t.nodes[par].kind == kPair:
		if k := t.child(par, fKey); k != none {
			return propName(t, k), true
		}
	}
	return "", false
}

// methods indexes method definitions by name.
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
		if nm := t.child(i, fName); nm != none && t.nodes[nm].kind == kPropertyIdentifier {
			a.methodIdx[t.text(nm)] = append(a.methodIdx[t.text(nm)], i)
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
		case kMember:
			if p := t.child(fn, fProperty); p != none {
				k := "." + t.text(p)
				a.sites[k] = append(a.sites[k], i)
			}
		}
	}
	return a.sites
}

// bindPattern binds the names in a declaration pattern to value (or to
// unknown when param is set), following destructuring paths.
func (a *analyzer) bindPattern(pat, value int32, path []string, param bool) {
	t := a.t
	if pat == none {
		return
	}
	// Patterns are shallow in practice; the explicit stack keeps deep
	// ones from recursing.
	type item struct {
		pat  int32
		path []string
	}
	stack := []item{{pat, path}}
	for len(stack) > 0 && len(stack) < 4096 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		p := it.pat
		switch t.nodes[p].kind {
		case kIdentifier, kShorthandPropertyPattern:
			a.addBinding(p, binding{value: value, path: it.path, param: param || value == none, name: p})
		case kObjectPattern:
			for c := t.nodes[p].first; c != none; c = t.nodes[c].next {
				switch t.nodes[c].kind {
				case kShorthandPropertyPattern:
					stack = append(stack, item{c, appendPath(it.path, t.text(c))})
				case kPairPattern:
					k := t.child(c, fKey)
					v := t.child(c, fValue)
					if k != none && v != none {
						stack = append(stack, item{v, appendPath(it.path, propName(t, k))})
					}
				case kObjectAssignmentPattern:
					if l := t.child(c, fLeft); l != none {
						stack = append(stack, item{l, appendPath(it.path, t.text(l))})
					}
				case kRestPattern:
					for r := t.nodes[c].first; r != none; r = t.nodes[r].next {
						a.bindPattern(r, none, nil, true)
					}
				}
			}
		case kArrayPattern:
			idx := 0
			for c := t.nodes[p].first; c != none; c = t.nodes[c].next {
				if t.nodes[c].kind == kRestPattern {
					for r := t.nodes[c].first; r != none; r = t.nodes[r].next {
						a.bindPattern(r, none, nil, true)
					}
					continue
				}
				stack = append(stack, item{c, appendPath(it.path, "#"+strconv.Itoa(idx))})
				idx++
			}
		case kAssignmentPattern, kObjectAssignmentPattern:
			if l := t.child(p, fLeft); l != none {
				stack = append(stack, item{l, it.path})
			}
		case kRestPattern:
			for r := t.nodes[p].first; r != none; r = t.nodes[r].next {
				a.bindPattern(r, none, nil, true)
			}
		}
	}
}

func appendPath(p []string, s string) []string {
	out := make([]string, len(p), len(p)+1)
	copy(out, p)
	return append(out, s)
}

// propName is the name of a property key: an identifier or a string.
func propName(t *tree, k int32) string {
	switch t.nodes[k].kind {
	case kString:
		var b strings.Builder
		for c := t.nodes[k].first; c != none; c = t.nodes[c].next {
			if t.nodes[c].kind == kStringFragment {
				b.WriteString(t.text(c))
			} else if t.nodes[c].kind == kEscapeSequence {
				b.WriteString(decodeEscape(t.text(c)))
			}
		}
		return b.String()
	}
	return t.text(k)
}

// collectImport binds the names of an import statement.
func (a *analyzer) collectImport(i int32) {
	t := a.t
	if rc := t.childKind(i, kImportRequireClause); rc != none {
		// TypeScript: import cp = require('child_process')
		id := t.childKind(rc, kIdentifier)
		src := t.child(rc, fSource)
		if id != none && src != none {
			a.addBinding(id, binding{value: none, ref: true, mod: normModule(propName(t, src)), name: id})
		}
		return
	}
	srcNode := t.child(i, fSource)
	if srcNode == none {
		return
	}
	raw := propName(t, srcNode)
	mod := normModule(raw)
	if raw == "zx/globals" {
		a.zxGlobal = true
	}
	clause := t.childKind(i, kImportClause)
	if clause == none {
		return
	}
	for c := t.nodes[clause].first; c != none; c = t.nodes[c].next {
		switch t.nodes[c].kind {
		case kIdentifier: // default import
			a.addBinding(c, binding{value: none, ref: true, mod: mod, name: c})
		case kNamespaceImport:
			if id := t.childKind(c, kIdentifier); id != none {
				a.addBinding(id, binding{value: none, ref: true, mod: mod, name: id})
			}
		case kNamedImports:
			for s := t.nodes[c].first; s != none; s = t.nodes[s].next {
				if t.nodes[s].kind != kImportSpecifier {
					continue
				}
				name := t.child(s, fName)
				local := t.child(s, fAlias)
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
				a.addBinding(local, binding{value: none, ref: true, mod: mod, path: path, name: local})
			}
		}
	}
}

// normModule strips the `node:` scheme and the `/promises` flavours that
// export the same functions.
func normModule(m string) string {
	m = strings.TrimPrefix(m, "node:")
	switch m {
	case "zx/core", "zx/globals":
		return "zx"
	case "child_process/promises":
		return "child_process"
	}
	return m
}
