package python

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
			out = treesitter.Concat(out, v, n)
		}
		if first {
			return treesitter.Unknown(n)
		}
		out.Node = n
		if out.Lit == none {
			out.Lit = t.Nodes[n].First
		}
		return out
	case kInteger, kFloat:
		return treesitter.Str(t.Text(n), n)
	case kTrue, kFalse:
		return value{K: vBool, B: t.Nodes[n].Kind == kTrue, Node: n, Lit: none}
	case kNone:
		return value{K: vNull, Node: n, Lit: none}
	case kIdentifier:
		return a.evalIdent(n)
	case kAttribute:
		at := t.Child(n, fAttribute)
		if at == none {
			return treesitter.Unknown(n)
		}
		if o := t.Child(n, fObject); o != none && t.Nodes[o].Kind == kIdentifier && t.Is(o, "self") {
			return a.selfAttr(t.Text(at), n)
		}
		obj := a.eval(t.Child(n, fObject))
		return a.member(obj, t.Text(at), n)
	case kSubscript:
		obj := a.eval(t.Child(n, fValue))
		sub := t.Child(n, fSubscript)
		if obj.K == vCmd {
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
		if obj.K == vRef && obj.Mod == "plumbum" && len(obj.Path) == 1 && obj.Path[0] == "local" {
			if name := a.eval(sub); name.K == vStr {
				return value{K: vCmd, Elems: []value{name}, Node: n, Lit: none}
			}
			return treesitter.Unknown(n)
		}
		idx := a.eval(sub)
		if !idx.Known() {
			return treesitter.Unknown(n)
		}
		if obj.K == vArr {
			return a.member(obj, "#"+idx.S, n)
		}
		if obj.K == vObj {
			if v, ok := a.prop(obj, idx.S); ok {
				return v
			}
		}
		return treesitter.Unknown(n)
	case kCall:
		return a.evalCall(n)
	case kParen, kAwait:
		v := a.eval(t.Nodes[n].First)
		v.Node = n
		return v
	case kNamedExpression:
		return a.eval(t.Child(n, fValue))
	case kBinary:
		return a.evalBinary(n)
	case kBoolean:
		op := t.Child(n, fOperator)
		if op == none || !t.Is(op, "or") {
			return treesitter.Unknown(n)
		}
		l := a.eval(t.Child(n, fLeft))
		r := a.eval(t.Child(n, fRight))
		if l.Known() && l.Via != scanner.ClassDynamic && !l.Env {
			if l.S != "" {
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
	case kConditional:
		c := t.Nodes[n].First
		if c == none {
			return treesitter.Unknown(n)
		}
		cond := t.Nodes[c].Next
		if cond == none || t.Nodes[cond].Next == none {
			return treesitter.Unknown(n)
		}
		x := a.eval(c)
		y := a.eval(t.Nodes[cond].Next)
		if x.K == vStr && y.K == vStr {
			if x.Known() && y.Known() && x.S == y.S {
				return x
			}
			x.Alt = &y
			return x
		}
		if x.K == vStr || x.K == vArr {
			return x
		}
		if y.K == vStr || y.K == vArr {
			return y
		}
		return treesitter.Unknown(n)
	case kList, kTuple, kExpressionList:
		out := value{K: vArr, Node: n, Lit: none}
		for c := t.Nodes[n].First; c != none; c = t.Nodes[c].Next {
			if t.Nodes[c].Kind == kListSplat {
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
	case kDictionary:
		return value{K: vObj, Obj: n, Node: n, Lit: none}
	case kLambda, kFunction:
		return value{K: vFunc, Node: n, Fn: n, Lit: none}
	}
	return treesitter.Unknown(n)
}

// evalString evaluates a string literal, f-strings included: constant parts
// are known, interpolations are evaluated.
func (a *analyzer) evalString(n int32) value {
	t := a.t
	if t.Nodes[n].Kind != kString {
		return a.eval(n)
	}
	prefix := ""
	out := value{K: vStr, Node: n, Lit: n}
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
			out.S += s
			out.Sh += s
			out.AnyKnown = true
		case kInterpolation:
			subs++
			v := a.eval(t.Child(c, fExpression))
			if v.K == vStr {
				out.S += v.S
				out.Sh += v.Sh
				out.Partial = out.Partial || v.Partial
				out.AnyKnown = out.AnyKnown || v.AnyKnown
				out.Via = treesitter.StrongerVia(out.Via, v.Via)
			} else {
				out.S += unknownPart
				out.Sh += unknownShellWord
				out.Partial = true
			}
		}
	}
	if subs > 0 {
		out.Composite = true
	}
	if !out.AnyKnown && subs == 0 {
		out.AnyKnown = true // ""
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
		return treesitter.Unknown(n)
	}
	switch {
	case t.Is(op, "+"):
		l := a.eval(t.Child(n, fLeft))
		r := a.eval(t.Child(n, fRight))
		if l.K == vArr && r.K == vArr {
			return value{K: vArr, Elems: append(append([]value{}, l.Elems...), r.Elems...), Node: n, Lit: none}
		}
		if l.K == vArr && r.K == vUnknown {
			// ["claude"] + args: the tail is unknown
			return value{K: vArr, Elems: append(append([]value{}, l.Elems...), treesitter.Unknown(r.Node)), Node: n, Lit: none}
		}
		if l.K == vStr || r.K == vStr {
			return treesitter.Concat(l, r, n)
		}
	case t.Is(op, "/"):
		// pathlib: Path(dir) / "claude"
		l := a.eval(t.Child(n, fLeft))
		r := a.eval(t.Child(n, fRight))
		if l.K == vStr || r.K == vStr {
			return treesitter.JoinValues([]value{l, r}, "/", n)
		}
	case t.Is(op, "|"):
		l := a.eval(t.Child(n, fLeft))
		r := a.eval(t.Child(n, fRight))
		if isCmd(l) || isCmd(r) {
			out := value{K: vPipe, Node: n, Lit: none}
			for _, v := range []value{l, r} {
				switch v.K {
				case vPipe:
					out.Elems = append(out.Elems, v.Elems...)
				case vCmd:
					out.Elems = append(out.Elems, v)
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
		if l.K == vStr && strings.Contains(l.S, "%") {
			v := l
			v.S = percentRE.ReplaceAllString(l.S, unknownPart)
			v.Sh = percentRE.ReplaceAllString(l.Sh, unknownShellWord)
			v.Partial = true
			v.Composite = true
			v.Node = n
			v.Lit = none
			return v
		}
	}
	return treesitter.Unknown(n)
}

var percentRE = regexp.MustCompile(`%[-#0 +]*[0-9]*(?:\.[0-9]+)?[sdrifx]`)

func isCmd(v value) bool { return v.K == vCmd || v.K == vPipe }

// global is the value of a name the file never binds: a name a wildcard
// import brings in, or nothing.
func (a *analyzer) global(name string, n int32) value {
	if builtins[name] {
		return value{K: vRef, Mod: "builtins", Path: []string{name}, Node: n, Lit: none}
	}
	for _, m := range a.wildcards {
		ref := value{K: vRef, Mod: m, Path: []string{name}, Node: n, Lit: none}
		if apiOf(ref) != apiNone || m == "plumbum.cmd" {
			return a.refValue(ref)
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
	if v.K == vArr || v.K == vCmd {
		elems := make([]value, len(v.Elems))
		for i, e := range v.Elems {
			elems[i] = tracked(e)
		}
		v.Elems = elems
	}
	return v
}

// evalIdent resolves a name through the file's bindings.
func (a *analyzer) evalIdent(n int32) value {
	t := a.t
	nm := t.Nodes[n]
	name := t.Src[nm.Start:nm.End]
	if bs, key, ok := a.scopes.Lookup(name, n); ok {
		return a.resolve(bs, key, name, n)
	}
	return a.global(string(name), n)
}

func (a *analyzer) resolve(bs []binding, key treesitter.ScopeKey, name []byte, n int32) value {
	nm := a.t.Nodes[n]
	var v value
	if len(bs) == 1 {
		v = a.evalBinding(&bs[0])
	} else if m, ok := a.scopeMemo[key]; ok {
		v = m
		if v.K == vRef || v.K == vCmd {
			v.Node, v.Lit = n, none
			return v
		}
		if v.K == vUnknown {
			return treesitter.Unknown(n)
		}
	} else {
		a.scopeMemo[key] = treesitter.Unknown(n) // re-entry sees unknown
		v = a.evalMulti(bs, n)
		a.scopeMemo[key] = v
		if v.K == vRef || v.K == vCmd {
			return v
		}
		if v.K == vUnknown {
			return treesitter.Unknown(n)
		}
	}
	if ms := a.muts[string(name)]; len(ms) > 0 && (v.K == vArr || v.K == vStr) {
		if a.mutating[string(name)] {
			return treesitter.Unknown(n)
		}
		a.mutating[string(name)] = true
		v = a.applyMutations(v, ms, nm.Start)
		delete(a.mutating, string(name))
	}
	v.Node, v.Lit = n, none
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
				w.Node, w.Lit = n, none
				return w
			}
		}
		return treesitter.Unknown(n)
	}
	var v value
	{
		same := true
		for i := range bs {
			w := a.evalBinding(&bs[i])
			if w.K == vRef || w.K == vCmd {
				w.Node, w.Lit = n, none
				return w
			}
			if i == 0 {
				v = w
			} else if !(w.Known() && v.Known() && w.S == v.S && w.Via == v.Via) {
				same = false
			}
		}
		if !same || !v.Known() {
			return treesitter.Unknown(n)
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
		case v.K == vStr && m.op == "+=":
			v = treesitter.Concat(v, w, v.Node)
		case v.K == vArr && (m.op == "+=" || m.op == "extend"):
			if w.K == vArr {
				v.Elems = append(append([]value{}, v.Elems...), w.Elems...)
			} else {
				v.Elems = append(append([]value{}, v.Elems...), treesitter.Unknown(m.value))
			}
		case v.K == vArr && m.op == "append":
			v.Elems = append(append([]value{}, v.Elems...), w)
		case v.K == vArr && m.op == "insert":
			// insert(i, x): the position is rarely constant; the argv is
			// no longer known beyond its first element.
			v.Elems = append(append([]value{}, v.Elems...), treesitter.Unknown(m.value))
		}
	}
	return v
}

func (a *analyzer) evalBinding(b *binding) value {
	if b.ref {
		return a.refValue(value{K: vRef, Mod: b.mod, Path: b.path, Node: b.name, Lit: none})
	}
	if b.param && b.fn != "" {
		return a.evalParam(b)
	}
	if b.param || b.value == none {
		return treesitter.Unknown(b.name)
	}
	return a.memo.Once(b.name, b.name, func() value { return a.eval(b.value) })
}

// maxCallSites bounds how many call sites are compared to resolve a
// parameter.
const maxCallSites = 32

// evalParam resolves a parameter of a named function from the calls of
// that function in the file (positional or keyword): one call site gives
// its argument; several must agree on a known string, or one of them
// passes a runtime. Without call sites the default value is used.
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
	pname := t.Text(b.name)
	var vals []value
	for _, site := range sites {
		pos, kw := a.callArgs(site)
		var v value
		found := false
		if w, ok := a.prop(kw, pname); ok {
			v, found = w, true
		} else if b.index >= 0 {
			for j, c := range pos {
				if t.Nodes[c].Kind == kListSplat {
					return treesitter.Unknown(b.name)
				}
				if j == b.index {
					v, found = a.eval(c), true
					break
				}
			}
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

// refValue turns a reference that names a command object (sh.claude,
// plumbum.cmd.claude) into that object.
func (a *analyzer) refValue(v value) value {
	if len(v.Path) == 1 {
		name := v.Path[0]
		switch v.Mod {
		case "plumbum.cmd":
			return value{K: vCmd, Elems: []value{treesitter.Str(name, v.Node)}, Node: v.Node, Lit: none}
		case "sh":
			if shCommandName(name) {
				return value{K: vCmd, Elems: []value{treesitter.Str(name, v.Node)}, Node: v.Node, Lit: none}
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
	switch v.K {
	case vRef:
		if v.Mod == "sys" && len(v.Path) == 0 && name == "executable" {
			return treesitter.Str("python", n)
		}
		if v.Mod == "plumbum" && len(v.Path) == 0 && name == "cmd" {
			return value{K: vRef, Mod: "plumbum.cmd", Node: n, Lit: none}
		}
		if v.Mod == "os" && len(v.Path) == 1 && v.Path[0] == "environ" && name != "get" {
			return treesitter.Unknown(n)
		}
		return a.refValue(value{K: vRef, Mod: v.Mod, Path: treesitter.AppendPath(v.Path, name), Node: n, Lit: none})
	case vCmd:
		if name == "bake" {
			return value{K: vRef, Mod: "#bake", Node: n, Lit: none, Elems: v.Elems}
		}
		if invokeMethods[name] {
			return value{K: vRef, Mod: "#invoke", Node: n, Lit: none, Elems: v.Elems}
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

// invokeMethods run a plumbum command object.
var invokeMethods = map[string]bool{
	"run": true, "popen": true, "run_fg": true, "run_bg": true, "run_tee": true,
	"run_retcode": true, "run_nohup": true, "run_tf": true,
}

// bindArgs adds arguments to a command object (plumbum cmd[...], sh
// bake(...)).
func (a *analyzer) bindArgs(cmd value, sub int32, n int32) value {
	out := value{K: vCmd, Elems: append([]value{}, cmd.Elems...), Node: n, Lit: none}
	v := a.eval(sub)
	if v.K == vArr && a.t.Nodes[sub].Kind != kList {
		out.Elems = append(out.Elems, v.Elems...)
	} else {
		out.Elems = append(out.Elems, v)
	}
	return out
}

// prop looks a key up in a dict literal or in keyword arguments.
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
			k := a.eval(t.Child(c, fKey))
			if k.Known() && k.S == name {
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

// propKey names one property look-up in one object literal.
type propKey struct {
	obj  int32
	name string
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
	kw = value{K: vObj, Obj: args, Node: args, Lit: none}
	if args == none {
		kw.Obj = none
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
		return treesitter.Unknown(n)
	}
	pos, kw := a.callArgs(n)
	arg := func(i int) value {
		if i >= len(pos) {
			return treesitter.Unknown(n)
		}
		return a.eval(pos[i])
	}
	if t.Nodes[fn].Kind == kAttribute {
		if at := t.Child(fn, fAttribute); at != none {
			name := t.Text(at)
			if identityMethods[name] {
				if v := a.eval(t.Child(fn, fObject)); v.K == vStr {
					v.Node, v.Lit = n, none
					return v
				}
			}
			if name == "join" {
				if sep := a.eval(t.Child(fn, fObject)); sep.Known() {
					if l := arg(0); l.K == vArr {
						return treesitter.JoinValues(l.Elems, sep.S, n)
					}
				}
			}
			if name == "split" {
				if s := a.eval(t.Child(fn, fObject)); s.K == vStr && len(pos) == 0 {
					return splitWords(s, n, false)
				}
			}
		}
	}
	callee := a.eval(fn)
	switch callee.K {
	case vCmd:
		return treesitter.Unknown(n) // running a command returns its output
	case vFunc:
		if callee.Fn != none {
			return a.returnValue(callee.Fn, n)
		}
		return treesitter.Unknown(n)
	case vRef:
	default:
		return treesitter.Unknown(n)
	}
	switch callee.Mod {
	case "#bake":
		out := value{K: vCmd, Elems: append([]value{}, callee.Elems...), Node: n, Lit: none}
		for i := range pos {
			out.Elems = append(out.Elems, arg(i))
		}
		return out
	}
	switch apiOf(callee) {
	case apiRunSync:
		// anyio.to_thread.run_sync(f) / asyncio.to_thread(f) return f()
		if f := arg(0); f.K == vFunc && f.Fn != none {
			return a.returnValue(f.Fn, n)
		}
	case apiWhich:
		if m := arg(0); m.Known() {
			return dynamicStr(m.S, n)
		}
	case apiEnvGet:
		def := arg(1)
		if d, ok := a.prop(kw, "default"); ok {
			def = d
		}
		if def.Known() {
			return dynamicStr(def.S, n)
		}
		u := treesitter.Unknown(n)
		u.Env = true
		return u
	case apiPathJoin:
		var parts []value
		for i := range pos {
			parts = append(parts, arg(i))
		}
		return treesitter.JoinValues(parts, "/", n)
	case apiStr:
		v := arg(0)
		v.Node, v.Lit = n, none
		return v
	case apiShlexJoin:
		if l := arg(0); l.K == vArr {
			return treesitter.JoinValues(l.Elems, " ", n)
		}
	case apiShlexSplit:
		if s := arg(0); s.K == vStr {
			return splitWords(s, n, true)
		}
	case apiShCommand:
		if m := arg(0); m.K == vStr {
			return value{K: vCmd, Elems: []value{m}, Node: n, Lit: none}
		}
	case apiPlumbumGet:
		if m := arg(0); m.K == vStr {
			return value{K: vCmd, Elems: []value{m}, Node: n, Lit: none}
		}
	case apiOptions, apiDict:
		return kw
	case apiShellOut:
		// subprocess.check_output("which claude", shell=True)
		if m := arg(0); m.Known() {
			if sm := lookupRE.FindStringSubmatch(m.S); sm != nil {
				return dynamicStr(sm[1], n)
			}
		}
	case apiSubprocess:
		if l := arg(0); l.K == vArr && len(l.Elems) >= 2 && l.Elems[0].Known() {
			if c := l.Elems[0].S; c == "which" || c == "command" {
				if last := l.Elems[len(l.Elems)-1]; last.Known() {
					return dynamicStr(last.S, n)
				}
			}
		}
		if m := arg(0); m.Known() {
			if sm := lookupRE.FindStringSubmatch(m.S); sm != nil {
				return dynamicStr(sm[1], n)
			}
		}
	}
	return treesitter.Unknown(n)
}

func dynamicStr(s string, n int32) value {
	v := treesitter.Str(s, n)
	v.Via = scanner.ClassDynamic
	v.Sh = treesitter.DynamicShellWord(s)
	return v
}

// splitWords splits a string into words (str.split(), shlex.split()); an
// unknown part makes its word unknown.
func splitWords(s value, n int32, quotes bool) value {
	out := value{K: vArr, Node: n, Lit: none}
	if !s.Usable() {
		out.Elems = append(out.Elems, treesitter.Unknown(n))
		return out
	}
	var words []string
	if quotes {
		words = shlexSplit(s.S)
	} else {
		words = strings.Fields(s.S)
	}
	for _, w := range words {
		if strings.Contains(w, unknownPart) {
			if w == unknownPart {
				out.Elems = append(out.Elems, treesitter.Unknown(n))
				continue
			}
			v := treesitter.Str(w, n)
			v.Partial = true
			out.Elems = append(out.Elems, v)
			continue
		}
		v := treesitter.Str(w, n)
		v.Via = s.Via
		out.Elems = append(out.Elems, v)
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
		v.Node, v.Lit = n, none
		return v
	}
	a.identMemo[key] = treesitter.Unknown(n) // re-entry sees unknown
	var out value
	if vs := a.selfAttrs[name]; len(vs) > 0 && len(vs) <= maxReturns {
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

// returnValue is what a call of a file-local function returns: a lambda's
// body, or the function's return statements when they agree (a runtime
// among them wins).
func (a *analyzer) returnValue(fn, call int32) value {
	t := a.t
	key := -fn - 2 // distinct from binding keys (node indexes)
	out := a.memo.Once(key, call, func() value {
		body := t.Child(fn, fBody)
		var out value
		switch {
		case body == none:
			out = treesitter.Unknown(call)
		case t.Nodes[fn].Kind == kLambda:
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
