package tsjs

import (
	"regexp"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// maxEvalDepth bounds how deep one expression is followed (through names,
// concatenations, members); deeper values are unknown. It keeps deeply
// nested or self-referencing code from recursing without bound.
const maxEvalDepth = 64

// maxMultiBindings is how many bindings of one name are compared before
// the name is taken as unknown.
const maxMultiBindings = 64

// eval returns the static value of expression n.
func (a *analyzer) eval(n int32) value {
	if n == none {
		return unknown(none)
	}
	if a.depth >= maxEvalDepth {
		return unknown(n)
	}
	a.depth++
	defer func() { a.depth-- }()
	t := a.t
	switch t.Nodes[n].Kind {
	case kString:
		v := str(a.stringLit(n), n)
		v.lit = n
		return v
	case kTemplateString:
		return a.evalTemplate(n)
	case kNumber:
		return str(t.Text(n), n)
	case kTrue, kFalse:
		return value{k: vBool, b: t.Nodes[n].Kind == kTrue, node: n, lit: none}
	case kNull, kUndefined:
		return value{k: vNull, node: n, lit: none}
	case kIdentifier:
		return a.evalIdent(n)
	case kMember:
		p := t.Child(n, fProperty)
		if p == none {
			return unknown(n)
		}
		if o := t.Child(n, fObject); o != none && t.Nodes[o].Kind == kThis {
			return a.thisAttr(t.Text(p), n)
		}
		obj := a.eval(t.Child(n, fObject))
		return a.member(obj, t.Text(p), n)
	case kSubscript:
		obj := a.eval(t.Child(n, fObject))
		idx := a.eval(t.Child(n, fIndex))
		if !idx.known() {
			return unknown(n)
		}
		key := idx.s
		if obj.k == vArr {
			key = "#" + key
		}
		return a.member(obj, key, n)
	case kCall:
		return a.evalCall(n)
	case kAwait, kParen, kAsExpr:
		v := a.eval(t.Nodes[n].First)
		v.node = n
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
		if c.k == vStr && alt.k == vStr {
			if c.known() && alt.known() && c.s == alt.s {
				return c
			}
			c.alt = &alt
			return c
		}
		if c.k == vStr {
			return c
		}
		if alt.k == vStr {
			return alt
		}
		return unknown(n)
	case kArray:
		out := value{k: vArr, node: n, lit: none}
		for c := t.Nodes[n].First; c != none; c = t.Nodes[c].Next {
			if t.Nodes[c].Kind == kSpread {
				inner := a.eval(t.Nodes[c].First)
				if inner.k == vArr {
					out.elems = append(out.elems, inner.elems...)
				} else {
					out.elems = append(out.elems, unknown(c))
				}
				continue
			}
			out.elems = append(out.elems, a.eval(c))
		}
		return out
	case kObject:
		return value{k: vObj, obj: n, node: n, lit: none}
	case kArrow, kFunction:
		return value{k: vFunc, node: n, fn: n, lit: none}
	}
	return unknown(n)
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
	out := value{k: vStr, node: n, lit: n, anyKnown: false}
	subs := 0
	for c := t.Nodes[n].First; c != none; c = t.Nodes[c].Next {
		switch t.Nodes[c].Kind {
		case kStringFragment:
			s := t.Text(c)
			out.s += s
			out.sh += s
			out.anyKnown = true
		case kEscapeSequence:
			s := decodeEscape(t.Text(c))
			out.s += s
			out.sh += s
			out.anyKnown = true
		case kTemplateSubstitution:
			subs++
			v := a.eval(t.Nodes[c].First)
			switch {
			case v.k == vStr:
				out.s += v.s
				out.sh += v.sh
				if v.partial {
					out.partial = true
				}
				if v.anyKnown {
					out.anyKnown = true
				}
				out.via = strongerVia(out.via, v.via)
				if v.via == scanner.ClassDynamic {
					if v.known() {
						out.sh = out.sh[:len(out.sh)-len(v.sh)] + dynamicShellWord(v.s)
					}
				}
			case v.k == vArr:
				var parts []string
				ok := true
				for _, e := range v.elems {
					if !e.known() {
						ok = false
						break
					}
					parts = append(parts, e.s)
				}
				if ok {
					j := strings.Join(parts, ",")
					out.s += j
					out.sh += j
					out.anyKnown = true
				} else {
					out.s += unknownPart
					out.sh += unknownShellWord
					out.partial = true
				}
			default:
				out.s += unknownPart
				out.sh += unknownShellWord
				out.partial = true
			}
		}
	}
	if subs > 0 {
		out.composite = true
	}
	if !out.anyKnown && out.s == "" && subs == 0 {
		out.anyKnown = true // the empty template ``
	}
	return out
}

func (a *analyzer) evalBinary(n int32) value {
	t := a.t
	op := t.Child(n, fOperator)
	if op == none {
		return unknown(n)
	}
	switch {
	case t.Is(op, "+"):
		l := a.eval(t.Child(n, fLeft))
		r := a.eval(t.Child(n, fRight))
		if l.k == vStr || r.k == vStr {
			return concat(l, r, n)
		}
		return unknown(n)
	case t.Is(op, "||"), t.Is(op, "??"):
		l := a.eval(t.Child(n, fLeft))
		r := a.eval(t.Child(n, fRight))
		if l.known() && l.via != scanner.ClassDynamic && !l.env {
			if l.s != "" || t.Is(op, "??") {
				return l
			}
			return r
		}
		if l.k == vStr && l.via == scanner.ClassDynamic && l.known() {
			return l
		}
		if r.k == vStr && r.known() {
			r.via = scanner.ClassDynamic
			r.sh = dynamicShellWord(r.s)
			r.lit = none
			return r
		}
		return unknown(n)
	}
	return unknown(n)
}

// globals are names the runtime provides without an import.
func (a *analyzer) global(name string, n int32) value {
	switch name {
	case "Bun":
		return value{k: vRef, mod: "bun", node: n, lit: none}
	case "Deno":
		return value{k: vRef, mod: "deno", node: n, lit: none}
	case "process":
		return value{k: vRef, mod: "process", node: n, lit: none}
	case "require":
		return value{k: vRef, mod: "require", node: n, lit: none}
	case "undefined":
		return value{k: vNull, node: n, lit: none}
	case "$":
		if a.zxGlobal {
			return value{k: vRef, mod: "zx", path: []string{"$"}, node: n, lit: none}
		}
	}
	return unknown(n)
}

// tracked marks a string that came through a name the file sets
// (variable-execution), unless it came from a run-time look-up.
func tracked(v value) value {
	if v.k == vStr && v.via == "" {
		v.via = scanner.ClassVariableExecution
	}
	if v.alt != nil {
		alt := tracked(*v.alt)
		v.alt = &alt
	}
	if v.k == vArr {
		elems := make([]value, len(v.elems))
		for i, e := range v.elems {
			elems[i] = tracked(e)
		}
		v.elems = elems
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
	id, ok := a.names[string(t.Src[nm.Start:nm.End])]
	if !ok {
		return a.global(string(t.Src[nm.Start:nm.End]), n)
	}
	for s := a.scopeOf(n); ; s = a.scopeOf(s) {
		if bs, ok := a.scoped[scopeKey{id, s}]; ok {
			return a.resolve(bs, scopeKey{id, s}, n)
		}
		if s == none {
			break
		}
	}
	return a.global(string(t.Src[nm.Start:nm.End]), n)
}

func (a *analyzer) resolve(bs []binding, key scopeKey, n int32) value {
	if len(bs) == 1 {
		v := a.evalBinding(&bs[0])
		v.node = n
		v.lit = none
		return tracked(v)
	}
	if v, ok := a.scopeMemo[key]; ok {
		v.node, v.lit = n, none
		return v
	}
	a.scopeMemo[key] = unknown(n) // re-entry sees unknown
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
				v.node, v.lit = n, none
				return v
			}
		}
		return unknown(n)
	}
	var first value
	same := true
	for i := range bs {
		v := a.evalBinding(&bs[i])
		if v.k == vRef {
			v.node = n
			v.lit = none
			return v
		}
		if i == 0 {
			first = v
		} else if !(v.known() && first.known() && v.s == first.s && v.via == first.via) {
			same = false
		}
	}
	if same && first.known() {
		first.node = n
		first.lit = none
		return tracked(first)
	}
	return unknown(n)
}

func (a *analyzer) evalBinding(b *binding) value {
	if b.ref {
		return value{k: vRef, mod: b.mod, path: b.path, node: b.name, lit: none}
	}
	if b.param && b.fn != "" {
		return a.evalParam(b)
	}
	if b.param || b.value == none {
		return unknown(b.name)
	}
	key := b.name
	if v, ok := a.memo[key]; ok {
		return v
	}
	if a.visiting[key] {
		return unknown(b.name)
	}
	a.visiting[key] = true
	v := a.eval(b.value)
	for _, p := range b.path {
		v = a.member(v, p, b.name)
	}
	delete(a.visiting, key)
	a.memo[key] = v
	return v
}

// maxCallSites bounds how many call sites are compared to resolve a
// parameter.
const maxCallSites = 32

// evalParam resolves a parameter of a named function from the calls of
// that function in the file: one call site gives its argument; several
// must agree on a known string. Without call sites the default value is
// used, if any.
func (a *analyzer) evalParam(b *binding) value {
	key := b.name
	if v, ok := a.memo[key]; ok {
		return v
	}
	if a.visiting[key] {
		return unknown(b.name)
	}
	a.visiting[key] = true
	v := a.paramValue(b)
	delete(a.visiting, key)
	a.memo[key] = v
	return v
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
		return unknown(b.name)
	}
	if len(sites) > maxCallSites {
		return unknown(b.name)
	}
	var out value
	var vals []value
	mixed := false
	for i, site := range sites {
		args := t.Child(site, fArguments)
		if args == none || t.Nodes[args].Kind != kArguments {
			return unknown(b.name)
		}
		var v value
		j := 0
		found := false
		for c := t.Nodes[args].First; c != none; c = t.Nodes[c].Next {
			if t.Nodes[c].Kind == kSpread {
				return unknown(b.name)
			}
			if j == b.index {
				v, found = a.eval(c), true
				break
			}
			j++
		}
		if !found {
			if b.def == none {
				return unknown(b.name)
			}
			v = a.eval(b.def)
		}
		if i == 0 {
			out = v
		} else if !(v.known() && out.known() && v.s == out.s) {
			mixed = true
		}
		vals = append(vals, v)
	}
	if !mixed {
		return out
	}
	// The call sites disagree: one that passes a runtime (or the wrapper)
	// is the launch to judge.
	for _, v := range vals {
		if v.known() && a.namesCommand(v.s) {
			return v
		}
	}
	return unknown(b.name)
}

// namesCommand reports whether s names a runtime or the wrapper as a
// command.
func (a *analyzer) namesCommand(s string) bool {
	if _, ok := a.p.Config.RuntimeForCommand(s); ok {
		return true
	}
	base := s
	if i := strings.LastIndexByte(base, '/'); i >= 0 {
		base = base[i+1:]
	}
	return base == scanner.WrapperCommand
}

// member is the value of v.name.
func (a *analyzer) member(v value, name string, n int32) value {
	switch v.k {
	case vRef:
		switch v.mod {
		case "process":
			if len(v.path) == 0 {
				switch name {
				case "execPath", "argv0":
					return str("node", n)
				case "env":
					return value{k: vRef, mod: "process", path: []string{"env"}, node: n, lit: none}
				}
				return unknown(n)
			}
			if len(v.path) == 1 && v.path[0] == "env" {
				u := unknown(n)
				u.env = true
				return u
			}
			return unknown(n)
		case "require":
			return value{k: vRef, mod: "require", path: appendPath(v.path, name), node: n, lit: none}
		}
		if name == "default" && len(v.path) == 0 {
			return v
		}
		return value{k: vRef, mod: v.mod, path: appendPath(v.path, name), node: n, lit: none}
	case vObj:
		if p, ok := a.prop(v, name); ok {
			return p
		}
	case vArr:
		if strings.HasPrefix(name, "#") {
			i := 0
			for _, c := range name[1:] {
				if c < '0' || c > '9' {
					return unknown(n)
				}
				i = i*10 + int(c-'0')
				if i > 1<<20 {
					return unknown(n)
				}
			}
			if i < len(v.elems) {
				return v.elems[i]
			}
		}
	}
	return unknown(n)
}

// prop looks a property up in an object literal (last definition wins,
// spreads of resolvable objects included).
func (a *analyzer) prop(v value, name string) (value, bool) {
	t := a.t
	if v.k != vObj || v.obj == none {
		return value{}, false
	}
	var out value
	found := false
	for c := t.Nodes[v.obj].First; c != none; c = t.Nodes[c].Next {
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
		return unknown(n)
	}
	var argv []int32
	if args != none && t.Nodes[args].Kind == kArguments {
		argv = t.Children(args)
	}
	arg0 := func() value {
		if len(argv) == 0 {
			return unknown(n)
		}
		return a.eval(argv[0])
	}
	if t.Nodes[fn].Kind == kImport {
		if m := arg0(); m.known() {
			return value{k: vRef, mod: normModule(m.s), node: n, lit: none}
		}
		return unknown(n)
	}
	if t.Nodes[fn].Kind == kMember {
		if p := t.Child(fn, fProperty); p != none {
			name := t.Text(p)
			if identityMethods[name] {
				v := a.eval(t.Child(fn, fObject))
				if v.k == vStr {
					v.node = n
					v.lit = none
					return v
				}
			}
			if name == "join" || name == "concat" {
				v := a.eval(t.Child(fn, fObject))
				if v.k == vArr {
					if name == "concat" {
						for _, c := range argv {
							w := a.eval(c)
							if w.k == vArr {
								v.elems = append(append([]value{}, v.elems...), w.elems...)
							} else {
								v.elems = append(append([]value{}, v.elems...), w)
							}
						}
						v.node = n
						return v
					}
					sep := ","
					if len(argv) > 0 {
						if s := a.eval(argv[0]); s.known() {
							sep = s.s
						}
					}
					return joinValues(v.elems, sep, n)
				}
			}
		}
	}
	callee := a.eval(fn)
	if callee.k == vFunc && callee.fn != none {
		return a.returnValue(callee.fn, n)
	}
	if callee.k != vRef {
		return unknown(n)
	}
	if callee.mod == "deno" && len(callee.path) == 1 && callee.path[0] == "execPath" {
		return str("deno", n)
	}
	if callee.mod == "require" {
		switch {
		case len(callee.path) == 0:
			if m := arg0(); m.known() {
				return value{k: vRef, mod: normModule(m.s), node: n, lit: none}
			}
		case len(callee.path) == 1 && callee.path[0] == "resolve":
			if m := arg0(); m.known() {
				return str(unknownPart+"/node_modules/"+m.s, n)
			}
		}
		return unknown(n)
	}
	api := apiOf(callee)
	switch api {
	case apiWhich:
		if m := arg0(); m.known() {
			v := str(m.s, n)
			v.via = scanner.ClassDynamic
			v.sh = dynamicShellWord(m.s)
			return v
		}
	case apiPromisify:
		v := arg0()
		v.node = n
		return v
	case apiPathJoin:
		var parts []value
		for _, c := range argv {
			parts = append(parts, a.eval(c))
		}
		return joinValues(parts, "/", n)
	case apiShell:
		// execSync('which claude') is a look-up whose result is a path.
		if m := arg0(); m.known() {
			if sm := lookupRE.FindStringSubmatch(m.s); sm != nil {
				v := str(sm[1], n)
				v.via = scanner.ClassDynamic
				v.sh = dynamicShellWord(sm[1])
				return v
			}
		}
	case apiSpawn, apiExeca:
		if m := arg0(); m.known() && (m.s == "which" || m.s == "command") && len(argv) > 1 {
			if l := a.eval(argv[1]); l.k == vArr && len(l.elems) > 0 {
				last := l.elems[len(l.elems)-1]
				if last.known() {
					v := str(last.s, n)
					v.via = scanner.ClassDynamic
					v.sh = dynamicShellWord(last.s)
					return v
				}
			}
		}
	case apiZx, apiExecaTemplate, apiBunShell:
		// $({opts}) returns the same tag with options bound.
		return callee
	}
	if callee.mod == "String" {
		return arg0()
	}
	return unknown(n)
}

// thisAttr is the value of this.name: the values the file assigns to it
// (class fields and this.x = ...; they must agree, or one names a
// runtime), else the method of that name as a function value.
func (a *analyzer) thisAttr(name string, n int32) value {
	key := "this." + name
	if v, ok := a.identMemo[key]; ok {
		v.node, v.lit = n, none
		return v
	}
	a.identMemo[key] = unknown(n) // re-entry sees unknown
	var out value
	if vs := a.thisAttrs[name]; len(vs) > 0 && len(vs) <= maxReturns {
		var vals []value
		for _, r := range vs {
			vals = append(vals, a.eval(r))
		}
		out = tracked(a.agree(vals, n))
	} else if ms := a.methods()[name]; len(ms) == 1 {
		out = value{k: vFunc, fn: ms[0], node: n, lit: none}
	} else {
		out = unknown(n)
	}
	a.identMemo[key] = out
	out.node, out.lit = n, none
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
	if v, ok := a.memo[key]; ok {
		v.node, v.lit = call, none
		return v
	}
	if a.visiting[key] {
		return unknown(call)
	}
	a.visiting[key] = true
	defer delete(a.visiting, key)
	body := t.Child(fn, fBody)
	var out value
	switch {
	case body == none:
		out = unknown(call)
	case t.Nodes[body].Kind != kStatementBlock:
		out = a.eval(body)
	default:
		var vals []value
		end := t.Nodes[body].End
		for i := body + 1; i < int32(len(t.Nodes)) && t.Nodes[i].Start < end; i++ {
			if t.Nodes[i].Kind != kReturn || a.scopeOf(i) != fn {
				continue
			}
			if len(vals) == maxReturns {
				vals = nil
				break
			}
			vals = append(vals, a.eval(t.Nodes[i].First))
		}
		out = a.agree(vals, call)
	}
	out = tracked(out)
	a.memo[key] = out
	out.node, out.lit = call, none
	return out
}

// agree combines the values a name or call may take: equal known strings
// (or a single value) stand; otherwise a known value that names a runtime
// or the wrapper is the one to judge.
func (a *analyzer) agree(vals []value, n int32) value {
	if len(vals) == 0 {
		return unknown(n)
	}
	if len(vals) == 1 {
		return vals[0]
	}
	same := true
	for _, v := range vals[1:] {
		if !(v.known() && vals[0].known() && v.s == vals[0].s) {
			same = false
		}
	}
	if same {
		return vals[0]
	}
	for _, v := range vals {
		if v.known() && a.namesCommand(v.s) {
			return v
		}
	}
	return unknown(n)
}

// joinValues joins string values with sep (path.join, Array.join).
func joinValues(parts []value, sep string, n int32) value {
	out := value{k: vStr, node: n, lit: none, composite: len(parts) > 1}
	for i, p := range parts {
		if i > 0 {
			out.s += sep
			out.sh += sep
		}
		if p.usable() {
			out.s += p.s
			out.sh += p.sh
			out.anyKnown = true
			out.partial = out.partial || p.partial
			out.via = strongerVia(out.via, p.via)
		} else {
			out.s += unknownPart
			out.sh += unknownShellWord
			out.partial = true
		}
	}
	if sep == "/" {
		for strings.Contains(out.s, "//") {
			out.s = strings.ReplaceAll(out.s, "//", "/")
		}
	}
	return out
}
