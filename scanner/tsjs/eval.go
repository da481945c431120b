package tsjs

import (
	"regexp"
	"strings"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

// maxMultiBindings is how many bindings of one name are compared before
// the name is taken as unknown.
const maxMultiBindings = 64

// eval returns the static value of expression n.
func (a *analyzer) eval(n int32) value {
	if n == none {
		return treesitter.Unknown(none)
	}
	if !a.budget.Enter(n) {
		return treesitter.Unknown(n)
	}
	defer a.budget.Leave()
	t := a.t
	switch t.Nodes[n].Kind {
	case kString:
		v := treesitter.Str(a.stringLit(n), n)
		v.Lit = n
		return v
	case kTemplateString:
		return a.evalTemplate(n)
	case kNumber:
		return treesitter.Str(t.Text(n), n)
	case kTrue, kFalse:
		return value{K: vBool, B: t.Nodes[n].Kind == kTrue, Node: n, Lit: none}
	case kNull, kUndefined:
		return value{K: vNull, Node: n, Lit: none}
	case kIdentifier:
		return a.evalIdent(n)
	case kMember:
		p := t.Child(n, fProperty)
		if p == none {
			return treesitter.Unknown(n)
		}
		if o := t.Child(n, fObject); o != none && t.Nodes[o].Kind == kThis {
			return a.thisAttr(t.Text(p), n)
		}
		obj := a.eval(t.Child(n, fObject))
		return a.member(obj, t.Text(p), n)
	case kSubscript:
		obj := a.eval(t.Child(n, fObject))
		idx := a.eval(t.Child(n, fIndex))
		if !idx.Known() {
			return treesitter.Unknown(n)
		}
		key := idx.S
		if obj.K == vArr {
			key = "#" + key
		}
		return a.member(obj, key, n)
	case kCall:
		return a.evalCall(n)
	case kAwait, kParen, kAsExpr:
		v := a.eval(t.Nodes[n].First)
		v.Node = n
		return v
	case kSequence:
		var last int32 = none
		for c := t.Nodes[n].First; c != none; c = t.Nodes[c].Next {
			last = c
		}
		return a.eval(last)
	case kAssignment:
		return a.eval(t.Child(n, fRight))
	case kBinary:
		return a.evalBinary(n)
	case kTernary:
		c := a.eval(t.Child(n, fConsequence))
		alt := a.eval(t.Child(n, fAlternative))
		if c.K == vStr && alt.K == vStr {
			if c.Known() && alt.Known() && c.S == alt.S {
				return c
			}
			c.Alt = &alt
			return c
		}
		if c.K == vStr {
			return c
		}
		if alt.K == vStr {
			return alt
		}
		return treesitter.Unknown(n)
	case kArray:
		out := value{K: vArr, Node: n, Lit: none}
		for c := t.Nodes[n].First; c != none; c = t.Nodes[c].Next {
			if t.Nodes[c].Kind == kSpread {
				inner := a.eval(t.Nodes[c].First)
				if inner.K == vArr {
					out.Elems = append(out.Elems, inner.Elems...)
				} else {
					out.Elems = append(out.Elems, treesitter.Unknown(c))
				}
				continue
			}
			out.Elems = append(out.Elems, a.eval(c))
		}
		return out
	case kObject:
		return value{K: vObj, Obj: n, Node: n, Lit: none}
	case kArrow, kFunction:
		return value{K: vFunc, Node: n, Fn: n, Lit: none}
	}
	return treesitter.Unknown(n)
}

// stringLit decodes a string literal.
func (a *analyzer) stringLit(n int32) string {
	t := a.t
	first := t.Nodes[n].First
	if first != none && t.Nodes[first].Next == none && t.Nodes[first].Kind == kStringFragment {
		return t.Text(first)
	}
	var b strings.Builder
	for c := first; c != none; c = t.Nodes[c].Next {
		switch t.Nodes[c].Kind {
		case kStringFragment:
			b.WriteString(t.Text(c))
		case kEscapeSequence:
			b.WriteString(decodeEscape(t.Text(c)))
		}
	}
	return b.String()
}

// evalTemplate evaluates a template literal: constant parts are known,
// substitutions are evaluated and unknown when they cannot be.
func (a *analyzer) evalTemplate(n int32) value {
	t := a.t
	out := value{K: vStr, Node: n, Lit: n, AnyKnown: false}
	subs := 0
	for c := t.Nodes[n].First; c != none; c = t.Nodes[c].Next {
		switch t.Nodes[c].Kind {
		case kStringFragment:
			s := t.Text(c)
			out.S += s
			out.Sh += s
			out.AnyKnown = true
		case kEscapeSequence:
			s := decodeEscape(t.Text(c))
			out.S += s
			out.Sh += s
			out.AnyKnown = true
		case kTemplateSubstitution:
			subs++
			v := a.eval(t.Nodes[c].First)
			switch {
			case v.K == vStr:
				out.S += v.S
				out.Sh += v.Sh
				if v.Partial {
					out.Partial = true
				}
				if v.AnyKnown {
					out.AnyKnown = true
				}
				out.Via = treesitter.StrongerVia(out.Via, v.Via)
				if v.Via == scanner.ClassDynamic {
					if v.Known() {
						out.Sh = out.Sh[:len(out.Sh)-len(v.Sh)] + treesitter.DynamicShellWord(v.S)
					}
				}
			case v.K == vArr:
				var parts []string
				ok := true
				for _, e := range v.Elems {
					if !e.Known() {
						ok = false
						break
					}
					parts = append(parts, e.S)
				}
				if ok {
					j := strings.Join(parts, ",")
					out.S += j
					out.Sh += j
					out.AnyKnown = true
				} else {
					out.S += unknownPart
					out.Sh += unknownShellWord
					out.Partial = true
				}
			default:
				out.S += unknownPart
				out.Sh += unknownShellWord
				out.Partial = true
			}
		}
	}
	if subs > 0 {
		out.Composite = true
	}
	if !out.AnyKnown && out.S == "" && subs == 0 {
		out.AnyKnown = true // the empty template ``
	}
	return out
}

func (a *analyzer) evalBinary(n int32) value {
	t := a.t
	op := t.Child(n, fOperator)
	if op == none {
		return treesitter.Unknown(n)
	}
	switch {
	case t.Is(op, "+"):
		l := a.eval(t.Child(n, fLeft))
		r := a.eval(t.Child(n, fRight))
		if l.K == vStr || r.K == vStr {
			return treesitter.Concat(l, r, n)
		}
		return treesitter.Unknown(n)
	case t.Is(op, "||"), t.Is(op, "??"):
		l := a.eval(t.Child(n, fLeft))
		r := a.eval(t.Child(n, fRight))
		if l.Known() && l.Via != scanner.ClassDynamic && !l.Env {
			if l.S != "" || t.Is(op, "??") {
				return l
			}
			return r
		}
		if l.K == vStr && l.Via == scanner.ClassDynamic && l.Known() {
			return l
		}
		if r.K == vStr && r.Known() {
			r.Via = scanner.ClassDynamic
			r.Sh = treesitter.DynamicShellWord(r.S)
			r.Lit = none
			return r
		}
		return treesitter.Unknown(n)
	}
	return treesitter.Unknown(n)
}

// globals are names the runtime provides without an import.
func (a *analyzer) global(name string, n int32) value {
	switch name {
	case "Bun":
		return value{K: vRef, Mod: "bun", Node: n, Lit: none}
	case "Deno":
		return value{K: vRef, Mod: "deno", Node: n, Lit: none}
	case "process":
		return value{K: vRef, Mod: "process", Node: n, Lit: none}
	case "require":
		return value{K: vRef, Mod: "require", Node: n, Lit: none}
	case "undefined":
		return value{K: vNull, Node: n, Lit: none}
	case "$":
		if a.zxGlobal {
			return value{K: vRef, Mod: "zx", Path: []string{"$"}, Node: n, Lit: none}
		}
	}
	return treesitter.Unknown(n)
}

// tracked marks a string that came through a name the file sets
// (variable-execution), unless it came from a run-time look-up.
func tracked(v value) value {
	if v.K == vStr && v.Via == "" {
		v.Via = scanner.ClassVariableExecution
	}
	if v.Alt != nil {
		alt := tracked(*v.Alt)
		v.Alt = &alt
	}
	if v.K == vArr {
		elems := make([]value, len(v.Elems))
		for i, e := range v.Elems {
			elems[i] = tracked(e)
		}
		v.Elems = elems
	}
	return v
}

// evalIdent resolves a name through the bindings of the innermost
// function scope around the use that binds it (then the module's). A
// name bound once there is followed; a name bound several times is known
// only when every binding agrees (an import of a process API wins, so a
// re-declared alias still resolves as a callee).
func (a *analyzer) evalIdent(n int32) value {
	t := a.t
	nm := t.Nodes[n]
	if bs, key, ok := a.scopes.Lookup(t.Src[nm.Start:nm.End], n); ok {
		return a.resolve(bs, key, n)
	}
	return a.global(string(t.Src[nm.Start:nm.End]), n)
}

func (a *analyzer) resolve(bs []binding, key treesitter.ScopeKey, n int32) value {
	if len(bs) == 1 {
		v := a.evalBinding(&bs[0])
		v.Node = n
		v.Lit = none
		return tracked(v)
	}
	if v, ok := a.scopeMemo[key]; ok {
		v.Node, v.Lit = n, none
		return v
	}
	a.scopeMemo[key] = treesitter.Unknown(n) // re-entry sees unknown
	v := a.evalMulti(bs, n)
	a.scopeMemo[key] = v
	return v
}

// evalMulti evaluates a name bound several times; the result does not
// depend on where the name is used, so it is computed once per name.
func (a *analyzer) evalMulti(bs []binding, n int32) value {
	if len(bs) > maxMultiBindings {
		// A name reused throughout the file (minified code): only an
		// import can give it a useful value.
		for i := range bs {
			if bs[i].ref {
				v := a.evalBinding(&bs[i])
				v.Node, v.Lit = n, none
				return v
			}
		}
		return treesitter.Unknown(n)
	}
	var first value
	same := true
	for i := range bs {
		v := a.evalBinding(&bs[i])
		if v.K == vRef {
			v.Node = n
			v.Lit = none
			return v
		}
		if i == 0 {
			first = v
		} else if !(v.Known() && first.Known() && v.S == first.S && v.Via == first.Via) {
			same = false
		}
	}
	if same && first.Known() {
		first.Node = n
		first.Lit = none
		return tracked(first)
	}
	return treesitter.Unknown(n)
}

func (a *analyzer) evalBinding(b *binding) value {
	if b.ref {
		return value{K: vRef, Mod: b.mod, Path: b.path, Node: b.name, Lit: none}
	}
	if b.param && b.fn != "" {
		return a.evalParam(b)
	}
	if b.param || b.value == none {
		return treesitter.Unknown(b.name)
	}
	return a.memo.Once(b.name, b.name, func() value {
		v := a.eval(b.value)
		for _, p := range b.path {
			v = a.member(v, p, b.name)
		}
		return v
	})
}

// maxCallSites bounds how many call sites are compared to resolve a
// parameter.
const maxCallSites = 32

// evalParam resolves a parameter of a named function from the calls of
// that function in the file: one call site gives its argument; several
// must agree on a known string. Without call sites the default value is
// used, if any.
func (a *analyzer) evalParam(b *binding) value {
	return a.memo.Once(b.name, b.name, func() value { return a.paramValue(b) })
}

func (a *analyzer) paramValue(b *binding) value {
	t := a.t
	k := b.fn
	if b.method {
		k = "." + k
	}
	sites := a.callSites()[k]
	if len(sites) == 0 {
		if b.def != none {
			return a.eval(b.def)
		}
		return treesitter.Unknown(b.name)
	}
	if len(sites) > maxCallSites {
		return treesitter.Unknown(b.name)
	}
	var vals []value
	for _, site := range sites {
		args := t.Child(site, fArguments)
		if args == none || t.Nodes[args].Kind != kArguments {
			return treesitter.Unknown(b.name)
		}
		var v value
		j := 0
		found := false
		for c := t.Nodes[args].First; c != none; c = t.Nodes[c].Next {
			if t.Nodes[c].Kind == kSpread {
				return treesitter.Unknown(b.name)
			}
			if j == b.index {
				v, found = a.eval(c), true
				break
			}
			j++
		}
		if !found {
			if b.def == none {
				return treesitter.Unknown(b.name)
			}
			v = a.eval(b.def)
		}
		vals = append(vals, v)
	}
	// One value stands; call sites that disagree yield the one that passes
	// a runtime (or the wrapper), the launch to judge.
	return treesitter.Agree(a.p.Config, vals, b.name)
}

// member is the value of v.name.
func (a *analyzer) member(v value, name string, n int32) value {
	switch v.K {
	case vRef:
		switch v.Mod {
		case "process":
			if len(v.Path) == 0 {
				switch name {
				case "execPath", "argv0":
					return treesitter.Str("node", n)
				case "env":
					return value{K: vRef, Mod: "process", Path: []string{"env"}, Node: n, Lit: none}
				}
				return treesitter.Unknown(n)
			}
			if len(v.Path) == 1 && v.Path[0] == "env" {
				u := treesitter.Unknown(n)
				u.Env = true
				return u
			}
			return treesitter.Unknown(n)
		case "require":
			return value{K: vRef, Mod: "require", Path: treesitter.AppendPath(v.Path, name), Node: n, Lit: none}
		}
		if name == "default" && len(v.Path) == 0 {
			return v
		}
		return value{K: vRef, Mod: v.Mod, Path: treesitter.AppendPath(v.Path, name), Node: n, Lit: none}
	case vObj:
		if p, ok := a.prop(v, name); ok {
			return p
		}
	case vArr:
		if strings.HasPrefix(name, "#") {
			i := 0
			for _, c := range name[1:] {
				if c < '0' || c > '9' {
					return treesitter.Unknown(n)
				}
				i = i*10 + int(c-'0')
				if i > 1<<20 {
					return treesitter.Unknown(n)
				}
			}
			if i < len(v.Elems) {
				return v.Elems[i]
			}
		}
	}
	return treesitter.Unknown(n)
}

// prop looks a property up in an object literal (last definition wins,
// spreads of resolvable objects included).
func (a *analyzer) prop(v value, name string) (value, bool) {
	t := a.t
	if v.K != vObj || v.Obj == none {
		return value{}, false
	}
	// An object that spreads itself ({...o} where o is this object, as a
	// recursive call passes it) has no value for name beyond its own.
	key := propKey{v.Obj, name}
	if a.propBusy[key] || !a.budget.Enter(v.Obj) {
		return value{}, false
	}
	a.propBusy[key] = true
	defer func() {
		delete(a.propBusy, key)
		a.budget.Leave()
	}()
	var out value
	found := false
	for c := t.Nodes[v.Obj].First; c != none; c = t.Nodes[c].Next {
		switch t.Nodes[c].Kind {
		case kPair:
			k := t.Child(c, fKey)
			if k != none && propName(t, k) == name {
				out, found = a.eval(t.Child(c, fValue)), true
			}
		case kShorthandProperty:
			if t.Is(c, name) {
				// {shell} is {shell: shell}
				out, found = a.evalIdent(c), true
			}
		case kSpread:
			inner := a.eval(t.Nodes[c].First)
			if p, ok := a.prop(inner, name); ok {
				out, found = p, true
			}
		}
	}
	return out, found
}

// propKey names one property look-up in one object literal.
type propKey struct {
	obj  int32
	name string
}

// lookupRE matches a shell string that only looks a command up.
var lookupRE = regexp.MustCompile(`^\s*(?:which|where|command\s+-v|type\s+-p)\s+([A-Za-z0-9_./@-]+)\s*$`)

// identityMethods return their receiver's string value.
var identityMethods = map[string]bool{
	"toString": true, "trim": true, "trimEnd": true, "trimStart": true, "valueOf": true, "normalize": true,
}

// evalCall evaluates the calls whose result matters to an argument:
// require/import, look-ups (which), path joins, promisify and string
// methods.
func (a *analyzer) evalCall(n int32) value {
	t := a.t
	fn := t.Child(n, fFunction)
	args := t.Child(n, fArguments)
	if fn == none {
		return treesitter.Unknown(n)
	}
	var argv []int32
	if args != none && t.Nodes[args].Kind == kArguments {
		argv = t.Children(args)
	}
	arg0 := func() value {
		if len(argv) == 0 {
			return treesitter.Unknown(n)
		}
		return a.eval(argv[0])
	}
	if t.Nodes[fn].Kind == kImport {
		if m := arg0(); m.Known() {
			return value{K: vRef, Mod: normModule(m.S), Node: n, Lit: none}
		}
		return treesitter.Unknown(n)
	}
	if t.Nodes[fn].Kind == kMember {
		if p := t.Child(fn, fProperty); p != none {
			name := t.Text(p)
			if identityMethods[name] {
				v := a.eval(t.Child(fn, fObject))
				if v.K == vStr {
					v.Node = n
					v.Lit = none
					return v
				}
			}
			if name == "join" || name == "concat" {
				v := a.eval(t.Child(fn, fObject))
				if v.K == vArr {
					if name == "concat" {
						for _, c := range argv {
							w := a.eval(c)
							if w.K == vArr {
								v.Elems = append(append([]value{}, v.Elems...), w.Elems...)
							} else {
								v.Elems = append(append([]value{}, v.Elems...), w)
							}
						}
						v.Node = n
						return v
					}
					sep := ","
					if len(argv) > 0 {
						if s := a.eval(argv[0]); s.Known() {
							sep = s.S
						}
					}
					return treesitter.JoinValues(v.Elems, sep, n)
				}
			}
		}
	}
	callee := a.eval(fn)
	if callee.K == vFunc && callee.Fn != none {
		return a.returnValue(callee.Fn, n)
	}
	if callee.K != vRef {
		return treesitter.Unknown(n)
	}
	if callee.Mod == "deno" && len(callee.Path) == 1 && callee.Path[0] == "execPath" {
		return treesitter.Str("deno", n)
	}
	if callee.Mod == "require" {
		switch {
		case len(callee.Path) == 0:
			if m := arg0(); m.Known() {
				return value{K: vRef, Mod: normModule(m.S), Node: n, Lit: none}
			}
		case len(callee.Path) == 1 && callee.Path[0] == "resolve":
			if m := arg0(); m.Known() {
				return treesitter.Str(unknownPart+"/node_modules/"+m.S, n)
			}
		}
		return treesitter.Unknown(n)
	}
	api := apiOf(callee)
	switch api {
	case apiWhich:
		if m := arg0(); m.Known() {
			v := treesitter.Str(m.S, n)
			v.Via = scanner.ClassDynamic
			v.Sh = treesitter.DynamicShellWord(m.S)
			return v
		}
	case apiPromisify:
		v := arg0()
		v.Node = n
		return v
	case apiPathJoin:
		var parts []value
		for _, c := range argv {
			parts = append(parts, a.eval(c))
		}
		return treesitter.JoinValues(parts, "/", n)
	case apiShell:
		// execSync('which claude') is a look-up whose result is a path.
		if m := arg0(); m.Known() {
			if sm := lookupRE.FindStringSubmatch(m.S); sm != nil {
				v := treesitter.Str(sm[1], n)
				v.Via = scanner.ClassDynamic
				v.Sh = treesitter.DynamicShellWord(sm[1])
				return v
			}
		}
	case apiSpawn, apiExeca:
		if m := arg0(); m.Known() && (m.S == "which" || m.S == "command") && len(argv) > 1 {
			if l := a.eval(argv[1]); l.K == vArr && len(l.Elems) > 0 {
				last := l.Elems[len(l.Elems)-1]
				if last.Known() {
					v := treesitter.Str(last.S, n)
					v.Via = scanner.ClassDynamic
					v.Sh = treesitter.DynamicShellWord(last.S)
					return v
				}
			}
		}
	case apiZx, apiExecaTemplate, apiBunShell:
		// $({opts}) returns the same tag with options bound.
		return callee
	}
	if callee.Mod == "String" {
		return arg0()
	}
	return treesitter.Unknown(n)
}

// thisAttr is the value of this.name: the values the file assigns to it
// (class fields and this.x = ...; they must agree, or one names a
// runtime), else the method of that name as a function value.
func (a *analyzer) thisAttr(name string, n int32) value {
	key := "this." + name
	if v, ok := a.identMemo[key]; ok {
		v.Node, v.Lit = n, none
		return v
	}
	a.identMemo[key] = treesitter.Unknown(n) // re-entry sees unknown
	var out value
	if vs := a.thisAttrs[name]; len(vs) > 0 && len(vs) <= maxReturns {
		var vals []value
		for _, r := range vs {
			vals = append(vals, a.eval(r))
		}
		out = tracked(treesitter.Agree(a.p.Config, vals, n))
	} else if ms := a.methods()[name]; len(ms) == 1 {
		out = value{K: vFunc, Fn: ms[0], Node: n, Lit: none}
	} else {
		out = treesitter.Unknown(n)
	}
	a.identMemo[key] = out
	out.Node, out.Lit = n, none
	return out
}

// maxReturns bounds how many return statements of one function are
// compared.
const maxReturns = 16

// returnValue is what a call of a file-local function returns: its
// expression body, or its return statements when they agree (a runtime
// among them wins, as for call sites).
func (a *analyzer) returnValue(fn, call int32) value {
	t := a.t
	key := -fn - 2 // distinct from binding keys (node indexes)
	out := a.memo.Once(key, call, func() value {
		body := t.Child(fn, fBody)
		var out value
		switch {
		case body == none:
			out = treesitter.Unknown(call)
		case t.Nodes[body].Kind != kStatementBlock:
			out = a.eval(body)
		default:
			var vals []value
			end := t.Nodes[body].End
			for i := body + 1; i < int32(len(t.Nodes)) && t.Nodes[i].Start < end; i++ {
				if t.Nodes[i].Kind != kReturn || a.scopes.Of(i) != fn {
					continue
				}
				if len(vals) == maxReturns {
					vals = nil
					break
				}
				vals = append(vals, a.eval(t.Nodes[i].First))
			}
			out = treesitter.Agree(a.p.Config, vals, call)
		}
		return tracked(out)
	})
	out.Node, out.Lit = call, none
	return out
}
