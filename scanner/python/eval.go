package python

import (
	"regexp"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// maxEvalDepth bounds how deep one expression is followed; deeper values
// are unknown.
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
		return a.evalString(n)
	case kConcatenatedString:
		var out value
		first := true
		for c := t.Nodes[n].First; c != none; c = t.Nodes[c].Next {
			v := a.evalString(c)
			if first {
				out, first = v, false
				continue
			}
			out = concat(out, v, n)
		}
		if first {
			return unknown(n)
		}
		out.node = n
		if out.lit == none {
			out.lit = t.Nodes[n].First
		}
		return out
	case kInteger, kFloat:
		return str(t.Text(n), n)
	case kTrue, kFalse:
		return value{k: vBool, b: t.Nodes[n].Kind == kTrue, node: n, lit: none}
	case kNone:
		return value{k: vNull, node: n, lit: none}
	case kIdentifier:
		return a.evalIdent(n)
	case kAttribute:
		at := t.Child(n, fAttribute)
		if at == none {
			return unknown(n)
		}
		if o := t.Child(n, fObject); o != none && t.Nodes[o].Kind == kIdentifier && t.Is(o, "self") {
			return a.selfAttr(t.Text(at), n)
		}
		obj := a.eval(t.Child(n, fObject))
		return a.member(obj, t.Text(at), n)
	case kSubscript:
		obj := a.eval(t.Child(n, fValue))
		sub := t.Child(n, fSubscript)
		if obj.k == vCmd {
			// plumbum binds arguments: cmd["-p", "x"] (one subscript field
			// per element)
			out := obj
			for c := t.Nodes[n].First; c != none; c = t.Nodes[c].Next {
				if t.Nodes[c].Field == fSubscript {
					out = a.bindArgs(out, c, n)
				}
			}
			return out
		}
		if obj.k == vRef && obj.mod == "plumbum" && len(obj.path) == 1 && obj.path[0] == "local" {
			if name := a.eval(sub); name.k == vStr {
				return value{k: vCmd, elems: []value{name}, node: n, lit: none}
			}
			return unknown(n)
		}
		idx := a.eval(sub)
		if !idx.known() {
			return unknown(n)
		}
		if obj.k == vArr {
			return a.member(obj, "#"+idx.s, n)
		}
		if obj.k == vObj {
			if v, ok := a.prop(obj, idx.s); ok {
				return v
			}
		}
		return unknown(n)
	case kCall:
		return a.evalCall(n)
	case kParen, kAwait:
		v := a.eval(t.Nodes[n].First)
		v.node = n
		return v
	case kNamedExpression:
		return a.eval(t.Child(n, fValue))
	case kBinary:
		return a.evalBinary(n)
	case kBoolean:
		op := t.Child(n, fOperator)
		if op == none || !t.Is(op, "or") {
			return unknown(n)
		}
		l := a.eval(t.Child(n, fLeft))
		r := a.eval(t.Child(n, fRight))
		if l.known() && l.via != scanner.ClassDynamic && !l.env {
			if l.s != "" {
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
	case kConditional:
		c := t.Nodes[n].First
		if c == none {
			return unknown(n)
		}
		cond := t.Nodes[c].Next
		if cond == none || t.Nodes[cond].Next == none {
			return unknown(n)
		}
		x := a.eval(c)
		y := a.eval(t.Nodes[cond].Next)
		if x.k == vStr && y.k == vStr {
			if x.known() && y.known() && x.s == y.s {
				return x
			}
			x.alt = &y
			return x
		}
		if x.k == vStr || x.k == vArr {
			return x
		}
		if y.k == vStr || y.k == vArr {
			return y
		}
		return unknown(n)
	case kList, kTuple, kExpressionList:
		out := value{k: vArr, node: n, lit: none}
		for c := t.Nodes[n].First; c != none; c = t.Nodes[c].Next {
			if t.Nodes[c].Kind == kListSplat {
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
	case kDictionary:
		return value{k: vObj, obj: n, node: n, lit: none}
	case kLambda, kFunction:
		return value{k: vFunc, node: n, fn: n, lit: none}
	}
	return unknown(n)
}

// evalString evaluates a string literal, f-strings included: constant parts
// are known, interpolations are evaluated.
func (a *analyzer) evalString(n int32) value {
	t := a.t
	if t.Nodes[n].Kind != kString {
		return a.eval(n)
	}
	prefix := ""
	out := value{k: vStr, node: n, lit: n}
	subs := 0
	for c := t.Nodes[n].First; c != none; c = t.Nodes[c].Next {
		switch t.Nodes[c].Kind {
		case kStringStart:
			prefix = strings.ToLower(strings.TrimRight(t.Text(c), `"'`))
		case kStringContent:
			raw := t.Text(c)
			s := raw
			if !strings.Contains(prefix, "r") {
				s = decodeString(raw, strings.Contains(prefix, "f"))
			} else if strings.Contains(prefix, "f") {
				s = strings.NewReplacer("{{", "{", "}}", "}").Replace(raw)
			}
			out.s += s
			out.sh += s
			out.anyKnown = true
		case kInterpolation:
			subs++
			v := a.eval(t.Child(c, fExpression))
			if v.k == vStr {
				out.s += v.s
				out.sh += v.sh
				out.partial = out.partial || v.partial
				out.anyKnown = out.anyKnown || v.anyKnown
				out.via = strongerVia(out.via, v.via)
			} else {
				out.s += unknownPart
				out.sh += unknownShellWord
				out.partial = true
			}
		}
	}
	if subs > 0 {
		out.composite = true
	}
	if !out.anyKnown && subs == 0 {
		out.anyKnown = true // ""
	}
	return out
}

// contentPos is where the text of a string literal starts.
func (a *analyzer) contentPos(lit int32) scanner.Pos {
	t := a.t
	if t.Nodes[lit].Kind == kConcatenatedString {
		lit = t.Nodes[lit].First
	}
	if s := t.ChildKind(lit, kStringStart); s != none {
		return t.PosAt(int(t.Nodes[s].End))
	}
	return t.Pos(lit)
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
		if l.k == vArr && r.k == vArr {
			return value{k: vArr, elems: append(append([]value{}, l.elems...), r.elems...), node: n, lit: none}
		}
		if l.k == vArr && r.k == vUnknown {
			// ["claude"] + args: the tail is unknown
			return value{k: vArr, elems: append(append([]value{}, l.elems...), unknown(r.node)), node: n, lit: none}
		}
		if l.k == vStr || r.k == vStr {
			return concat(l, r, n)
		}
	case t.Is(op, "/"):
		// pathlib: Path(dir) / "claude"
		l := a.eval(t.Child(n, fLeft))
		r := a.eval(t.Child(n, fRight))
		if l.k == vStr || r.k == vStr {
			return joinValues([]value{l, r}, "/", n)
		}
	case t.Is(op, "|"):
		l := a.eval(t.Child(n, fLeft))
		r := a.eval(t.Child(n, fRight))
		if isCmd(l) || isCmd(r) {
			out := value{k: vPipe, node: n, lit: none}
			for _, v := range []value{l, r} {
				switch v.k {
				case vPipe:
					out.elems = append(out.elems, v.elems...)
				case vCmd:
					out.elems = append(out.elems, v)
				}
			}
			return out
		}
	case t.Is(op, ">"), t.Is(op, "<"), t.Is(op, ">>"):
		if l := a.eval(t.Child(n, fLeft)); isCmd(l) {
			return l
		}
	case t.Is(op, "%"):
		// "claude %s" % x: the format's constant text.
		l := a.eval(t.Child(n, fLeft))
		if l.k == vStr && strings.Contains(l.s, "%") {
			v := l
			v.s = percentRE.ReplaceAllString(l.s, unknownPart)
			v.sh = percentRE.ReplaceAllString(l.sh, unknownShellWord)
			v.partial = true
			v.composite = true
			v.node = n
			v.lit = none
			return v
		}
	}
	return unknown(n)
}

var percentRE = regexp.MustCompile(`%[-#0 +]*[0-9]*(?:\.[0-9]+)?[sdrifx]`)

func isCmd(v value) bool { return v.k == vCmd || v.k == vPipe }

// global is the value of a name the file never binds: a name a wildcard
// import brings in, or nothing.
func (a *analyzer) global(name string, n int32) value {
	if builtins[name] {
		return value{k: vRef, mod: "builtins", path: []string{name}, node: n, lit: none}
	}
	for _, m := range a.wildcards {
		ref := value{k: vRef, mod: m, path: []string{name}, node: n, lit: none}
		if apiOf(ref) != apiNone || m == "plumbum.cmd" {
			return a.refValue(ref)
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
	if v.k == vArr || v.k == vCmd {
		elems := make([]value, len(v.elems))
		for i, e := range v.elems {
			elems[i] = tracked(e)
		}
		v.elems = elems
	}
	return v
}

// evalIdent resolves a name through the file's bindings.
func (a *analyzer) evalIdent(n int32) value {
	t := a.t
	nm := t.Nodes[n]
	name := t.Src[nm.Start:nm.End]
	id, ok := a.names[string(name)]
	if !ok {
		return a.global(string(name), n)
	}
	for s := a.scopeOf(n); ; s = a.scopeOf(s) {
		if bs, ok := a.scoped[scopeKey{id, s}]; ok {
			return a.resolve(bs, scopeKey{id, s}, name, n)
		}
		if s == none {
			break
		}
	}
	return a.global(string(name), n)
}

func (a *analyzer) resolve(bs []binding, key scopeKey, name []byte, n int32) value {
	nm := a.t.Nodes[n]
	var v value
	if len(bs) == 1 {
		v = a.evalBinding(&bs[0])
	} else if m, ok := a.scopeMemo[key]; ok {
		v = m
		if v.k == vRef || v.k == vCmd {
			v.node, v.lit = n, none
			return v
		}
		if v.k == vUnknown {
			return unknown(n)
		}
	} else {
		a.scopeMemo[key] = unknown(n) // re-entry sees unknown
		v = a.evalMulti(bs, n)
		a.scopeMemo[key] = v
		if v.k == vRef || v.k == vCmd {
			return v
		}
		if v.k == vUnknown {
			return unknown(n)
		}
	}
	if ms := a.muts[string(name)]; len(ms) > 0 && (v.k == vArr || v.k == vStr) {
		v = a.applyMutations(v, ms, nm.Start)
	}
	v.node, v.lit = n, none
	if len(bs) == 1 && bs[0].ref {
		return v // an imported command object (from plumbum.cmd import claude)
	}
	return tracked(v)
}

// evalMulti evaluates a name bound several times: an import of a process
// API or command object wins; otherwise it is known only when every
// binding agrees. The result does not depend on the use site.
func (a *analyzer) evalMulti(bs []binding, n int32) value {
	if len(bs) > maxMultiBindings {
		// A name reused throughout the file: only an import can give it
		// a useful value.
		for i := range bs {
			if bs[i].ref {
				w := a.evalBinding(&bs[i])
				w.node, w.lit = n, none
				return w
			}
		}
		return unknown(n)
	}
	var v value
	{
		same := true
		for i := range bs {
			w := a.evalBinding(&bs[i])
			if w.k == vRef || w.k == vCmd {
				w.node, w.lit = n, none
				return w
			}
			if i == 0 {
				v = w
			} else if !(w.known() && v.known() && w.s == v.s && w.via == v.via) {
				same = false
			}
		}
		if !same || !v.known() {
			return unknown(n)
		}
	}
	return v
}

// applyMutations applies the in-place changes made before offset `at`.
func (a *analyzer) applyMutations(v value, ms []mutation, at uint32) value {
	for _, m := range ms {
		if m.at >= at {
			continue
		}
		w := a.eval(m.value)
		switch {
		case v.k == vStr && m.op == "+=":
			v = concat(v, w, v.node)
		case v.k == vArr && (m.op == "+=" || m.op == "extend"):
			if w.k == vArr {
				v.elems = append(append([]value{}, v.elems...), w.elems...)
			} else {
				v.elems = append(append([]value{}, v.elems...), unknown(m.value))
			}
		case v.k == vArr && m.op == "append":
			v.elems = append(append([]value{}, v.elems...), w)
		case v.k == vArr && m.op == "insert":
			// insert(i, x): the position is rarely constant; the argv is
			// no longer known beyond its first element.
			v.elems = append(append([]value{}, v.elems...), unknown(m.value))
		}
	}
	return v
}

func (a *analyzer) evalBinding(b *binding) value {
	if b.ref {
		return a.refValue(value{k: vRef, mod: b.mod, path: b.path, node: b.name, lit: none})
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
	delete(a.visiting, key)
	a.memo[key] = v
	return v
}

// maxCallSites bounds how many call sites are compared to resolve a
// parameter.
const maxCallSites = 32

// evalParam resolves a parameter of a named function from the calls of
// that function in the file (positional or keyword): one call site gives
// its argument; several must agree on a known string, or one of them
// passes a runtime. Without call sites the default value is used.
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
	pname := t.Text(b.name)
	var out value
	var vals []value
	mixed := false
	for i, site := range sites {
		pos, kw := a.callArgs(site)
		var v value
		found := false
		if w, ok := a.prop(kw, pname); ok {
			v, found = w, true
		} else if b.index >= 0 {
			for j, c := range pos {
				if t.Nodes[c].Kind == kListSplat {
					return unknown(b.name)
				}
				if j == b.index {
					v, found = a.eval(c), true
					break
				}
			}
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
	for _, v := range vals {
		if v.known() && a.namesCommand(v.s) {
			return v
		}
	}
	return unknown(b.name)
}

// namesCommand reports whether s names a runtime or the wrapper.
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

// refValue turns a reference that names a command object (sh.claude,
// plumbum.cmd.claude) into that object.
func (a *analyzer) refValue(v value) value {
	if len(v.path) == 1 {
		name := v.path[0]
		switch v.mod {
		case "plumbum.cmd":
			return value{k: vCmd, elems: []value{str(name, v.node)}, node: v.node, lit: none}
		case "sh":
			if shCommandName(name) {
				return value{k: vCmd, elems: []value{str(name, v.node)}, node: v.node, lit: none}
			}
		}
	}
	return v
}

// shCommandName reports whether sh.NAME is a program (sh.claude) rather
// than one of the module's own names (sh.Command, sh.ErrorReturnCode).
func shCommandName(name string) bool {
	if name == "" || name[0] >= 'A' && name[0] <= 'Z' || strings.HasPrefix(name, "_") {
		return false
	}
	switch name {
	case "contrib", "which", "glob", "pushd", "args", "bake":
		return false
	}
	return true
}

// member is the value of v.name.
func (a *analyzer) member(v value, name string, n int32) value {
	switch v.k {
	case vRef:
		if v.mod == "sys" && len(v.path) == 0 && name == "executable" {
			return str("python", n)
		}
		if v.mod == "plumbum" && len(v.path) == 0 && name == "cmd" {
			return value{k: vRef, mod: "plumbum.cmd", node: n, lit: none}
		}
		if v.mod == "os" && len(v.path) == 1 && v.path[0] == "environ" && name != "get" {
			return unknown(n)
		}
		return a.refValue(value{k: vRef, mod: v.mod, path: appendPath(v.path, name), node: n, lit: none})
	case vCmd:
		if name == "bake" {
			return value{k: vRef, mod: "#bake", node: n, lit: none, elems: v.elems}
		}
		if invokeMethods[name] {
			return value{k: vRef, mod: "#invoke", node: n, lit: none, elems: v.elems}
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

// invokeMethods run a plumbum command object.
var invokeMethods = map[string]bool{
	"run": true, "popen": true, "run_fg": true, "run_bg": true, "run_tee": true,
	"run_retcode": true, "run_nohup": true, "run_tf": true,
}

func appendPath(p []string, s string) []string {
	out := make([]string, len(p), len(p)+1)
	copy(out, p)
	return append(out, s)
}

// bindArgs adds arguments to a command object (plumbum cmd[...], sh
// bake(...)).
func (a *analyzer) bindArgs(cmd value, sub int32, n int32) value {
	out := value{k: vCmd, elems: append([]value{}, cmd.elems...), node: n, lit: none}
	v := a.eval(sub)
	if v.k == vArr && a.t.Nodes[sub].Kind != kList {
		out.elems = append(out.elems, v.elems...)
	} else {
		out.elems = append(out.elems, v)
	}
	return out
}

// prop looks a key up in a dict literal or in keyword arguments.
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
			k := a.eval(t.Child(c, fKey))
			if k.known() && k.s == name {
				out, found = a.eval(t.Child(c, fValue)), true
			}
		case kKeywordArgument:
			if k := t.Child(c, fName); k != none && t.Is(k, name) {
				out, found = a.eval(t.Child(c, fValue)), true
			}
		case kDictionarySplat:
			inner := a.eval(t.Nodes[c].First)
			if p, ok := a.prop(inner, name); ok {
				out, found = p, true
			}
		}
	}
	return out, found
}

// lookupRE matches a command line that only looks a command up.
var lookupRE = regexp.MustCompile(`^\s*(?:which|where|command\s+-v|type\s+-p)\s+([A-Za-z0-9_./@-]+)\s*$`)

// identityMethods return their receiver's string value.
var identityMethods = map[string]bool{
	"strip": true, "rstrip": true, "lstrip": true, "decode": true, "encode": true, "__str__": true,
}

// callArgs splits a call's arguments into positional nodes and the
// argument list node (for keywords).
func (a *analyzer) callArgs(n int32) (pos []int32, kw value) {
	t := a.t
	args := t.Child(n, fArguments)
	kw = value{k: vObj, obj: args, node: args, lit: none}
	if args == none {
		kw.obj = none
		return nil, kw
	}
	for c := t.Nodes[args].First; c != none; c = t.Nodes[c].Next {
		switch t.Nodes[c].Kind {
		case kKeywordArgument, kDictionarySplat:
		default:
			pos = append(pos, c)
		}
	}
	return pos, kw
}

// evalCall evaluates calls whose result matters to an argument: look-ups
// (shutil.which, os.environ.get), path building, string methods, shlex,
// command objects and options constructors.
func (a *analyzer) evalCall(n int32) value {
	t := a.t
	fn := t.Child(n, fFunction)
	if fn == none {
		return unknown(n)
	}
	pos, kw := a.callArgs(n)
	arg := func(i int) value {
		if i >= len(pos) {
			return unknown(n)
		}
		return a.eval(pos[i])
	}
	if t.Nodes[fn].Kind == kAttribute {
		if at := t.Child(fn, fAttribute); at != none {
			name := t.Text(at)
			if identityMethods[name] {
				if v := a.eval(t.Child(fn, fObject)); v.k == vStr {
					v.node, v.lit = n, none
					return v
				}
			}
			if name == "join" {
				if sep := a.eval(t.Child(fn, fObject)); sep.known() {
					if l := arg(0); l.k == vArr {
						return joinValues(l.elems, sep.s, n)
					}
				}
			}
			if name == "split" {
				if s := a.eval(t.Child(fn, fObject)); s.k == vStr && len(pos) == 0 {
					return splitWords(s, n, false)
				}
			}
		}
	}
	callee := a.eval(fn)
	switch callee.k {
	case vCmd:
		return unknown(n) // running a command returns its output
	case vFunc:
		if callee.fn != none {
			return a.returnValue(callee.fn, n)
		}
		return unknown(n)
	case vRef:
	default:
		return unknown(n)
	}
	switch callee.mod {
	case "#bake":
		out := value{k: vCmd, elems: append([]value{}, callee.elems...), node: n, lit: none}
		for i := range pos {
			out.elems = append(out.elems, arg(i))
		}
		return out
	}
	switch apiOf(callee) {
	case apiRunSync:
		// anyio.to_thread.run_sync(f) / asyncio.to_thread(f) return f()
		if f := arg(0); f.k == vFunc && f.fn != none {
			return a.returnValue(f.fn, n)
		}
	case apiWhich:
		if m := arg(0); m.known() {
			return dynamicStr(m.s, n)
		}
	case apiEnvGet:
		def := arg(1)
		if d, ok := a.prop(kw, "default"); ok {
			def = d
		}
		if def.known() {
			return dynamicStr(def.s, n)
		}
		u := unknown(n)
		u.env = true
		return u
	case apiPathJoin:
		var parts []value
		for i := range pos {
			parts = append(parts, arg(i))
		}
		return joinValues(parts, "/", n)
	case apiStr:
		v := arg(0)
		v.node, v.lit = n, none
		return v
	case apiShlexJoin:
		if l := arg(0); l.k == vArr {
			return joinValues(l.elems, " ", n)
		}
	case apiShlexSplit:
		if s := arg(0); s.k == vStr {
			return splitWords(s, n, true)
		}
	case apiShCommand:
		if m := arg(0); m.k == vStr {
			return value{k: vCmd, elems: []value{m}, node: n, lit: none}
		}
	case apiPlumbumGet:
		if m := arg(0); m.k == vStr {
			return value{k: vCmd, elems: []value{m}, node: n, lit: none}
		}
	case apiOptions, apiDict:
		return kw
	case apiShellOut:
		// subprocess.check_output("which claude", shell=True)
		if m := arg(0); m.known() {
			if sm := lookupRE.FindStringSubmatch(m.s); sm != nil {
				return dynamicStr(sm[1], n)
			}
		}
	case apiSubprocess:
		if l := arg(0); l.k == vArr && len(l.elems) >= 2 && l.elems[0].known() {
			if c := l.elems[0].s; c == "which" || c == "command" {
				if last := l.elems[len(l.elems)-1]; last.known() {
					return dynamicStr(last.s, n)
				}
			}
		}
		if m := arg(0); m.known() {
			if sm := lookupRE.FindStringSubmatch(m.s); sm != nil {
				return dynamicStr(sm[1], n)
			}
		}
	}
	return unknown(n)
}

func dynamicStr(s string, n int32) value {
	v := str(s, n)
	v.via = scanner.ClassDynamic
	v.sh = dynamicShellWord(s)
	return v
}

// splitWords splits a string into words (str.split(), shlex.split()); an
// unknown part makes its word unknown.
func splitWords(s value, n int32, quotes bool) value {
	out := value{k: vArr, node: n, lit: none}
	if !s.usable() {
		out.elems = append(out.elems, unknown(n))
		return out
	}
	var words []string
	if quotes {
		words = shlexSplit(s.s)
	} else {
		words = strings.Fields(s.s)
	}
	for _, w := range words {
		if strings.Contains(w, unknownPart) {
			if w == unknownPart {
				out.elems = append(out.elems, unknown(n))
				continue
			}
			v := str(w, n)
			v.partial = true
			out.elems = append(out.elems, v)
			continue
		}
		v := str(w, n)
		v.via = s.via
		out.elems = append(out.elems, v)
	}
	return out
}

// shlexSplit splits a command line as POSIX shlex does: quotes group,
// backslash escapes outside single quotes.
func shlexSplit(s string) []string {
	var out []string
	var cur strings.Builder
	in := false
	var q byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case q == '\'':
			if c == '\'' {
				q = 0
			} else {
				cur.WriteByte(c)
			}
		case q == '"':
			if c == '"' {
				q = 0
			} else if c == '\\' && i+1 < len(s) && strings.IndexByte(`"\$`+"`", s[i+1]) >= 0 {
				i++
				cur.WriteByte(s[i])
			} else {
				cur.WriteByte(c)
			}
		case c == '\'' || c == '"':
			q, in = c, true
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			in = true
		case c == ' ' || c == '\t' || c == '\n':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if in {
		out = append(out, cur.String())
	}
	return out
}

// selfAttr is the value of self.name: the values assigned to it anywhere
// in the file (they must agree, or one names a runtime), else the method
// of that name (a function value, so self.m() and run_sync(self.m) take
// its return values).
func (a *analyzer) selfAttr(name string, n int32) value {
	key := "self." + name
	if v, ok := a.identMemo[key]; ok {
		v.node, v.lit = n, none
		return v
	}
	a.identMemo[key] = unknown(n) // re-entry sees unknown
	var out value
	if vs := a.selfAttrs[name]; len(vs) > 0 && len(vs) <= maxReturns {
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

// returnValue is what a call of a file-local function returns: a lambda's
// body, or the function's return statements when they agree (a runtime
// among them wins).
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
	case t.Nodes[fn].Kind == kLambda:
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

// agree combines the values a call may return: equal known strings (or a
// single value) stand; otherwise a known value that names a runtime or the
// wrapper is the one to judge.
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

// joinValues joins string values with sep (os.path.join, str.join).
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
