package tsjs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

// Expr is the value of expression n in the TS/JS node kinds.
func (a *analyzer) Expr(n int32) value {
	t := a.t
	if a.over != nil {
		if v, ok := a.over[n]; ok {
			return v
		}
	}
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
		if o := t.Child(n, fObject); o != none && a.thisLike(o) {
			v := a.instanceAttr(t.Text(p), n)
			if v.K == vUnknown && len(a.thisAttrs[t.Text(p)]) == 0 {
				if tv, ok := a.typedField(t.Text(p)); ok {
					// `private runner!: Runner` set by a framework
					// (property injection): an instance of its type
					v = tv
				} else if base, ok := a.importedBase(n); ok {
					// this.bin that no class of the file sets, in a
					// class extending another module's: the base's
					// field (its declaration or its constructor's
					// assignment, offered as `Base.bin`)
					v = a.member(base, t.Text(p), n)
				}
			}
			return a.ev.Tracked(a.mutated(v, "this."+t.Text(p), n, none))
		}
		if g, ok := a.globalMember(t.Child(n, fObject), t.Text(p), n); ok {
			return g
		}
		if o := t.Child(n, fObject); o != none && t.Nodes[o].Kind == kNew && (t.Is(p, "pathname") || t.Is(p, "href")) {
			// new URL("./run.mjs", import.meta.url).pathname: the path
			// the URL was given, as the URL itself (below)
			if c := t.Child(o, fConstructor); c != none && t.Is(c, "URL") {
				return a.ev.Eval(o)
			}
		}
		obj := a.ev.Eval(t.Child(n, fObject))
		if r, ok := a.handedBack(obj, t.Child(n, fObject), t.Text(p), n); ok {
			return r
		}
		return a.member(obj, t.Text(p), n)
	case kSubscript:
		idx := a.ev.Eval(t.Child(n, fIndex))
		// a key found at run time with a fallback (`argv[2] ?? 'lint'`,
		// Via dynamic) is any key, the fallback one of them
		static := !idx.MaybeOther() && idx.Alt == nil
		if static {
			if g, ok := a.globalMember(t.Child(n, fObject), idx.S, n); ok {
				return g
			}
		}
		obj := a.ev.Eval(t.Child(n, fObject))
		if !static {
			// BINS[k] with a key not known statically: any entry
			return a.anyEntry(obj, n)
		}
		key := idx.S
		if obj.K == vArr {
			key = "#" + key
		}
		return a.member(obj, key, n)
	case kCall:
		return a.evalCall(n)
	case kNew:
		return a.evalNew(n)
	case kAwait, kParen, kAsExpr:
		v := a.ev.Eval(t.Nodes[n].First)
		v.Node = n
		return v
	case kSequence:
		var last int32 = none
		for c := t.Nodes[n].First; c != none; c = t.Nodes[c].Next {
			last = c
		}
		return a.ev.Eval(last)
	case kAssignment:
		return a.ev.Eval(t.Child(n, fRight))
	case kAugmentedAssignment:
		if op := a.ev.Op(n); op == "??=" || op == "||=" || op == "&&=" {
			// (mod ??= await import('sdk')): the name's value or the
			// right side, either
			return treesitter.Either(a.ev.Cfg, a.ev.Eval(t.Child(n, fLeft)), a.ev.Eval(t.Child(n, fRight)), n, vRef, vFunc, vArr, vObj)
		} else if op == "+=" {
			// the name's other values joined with the right side once,
			// or twice (in a loop, `for (const c of parts) b += c`)
			once := treesitter.Concat(a.before(t.Child(n, fLeft)), a.ev.Eval(t.Child(n, fRight)), n)
			out := treesitter.Either(a.ev.Cfg, once, treesitter.Concat(once, a.ev.Eval(t.Child(n, fRight)), n), n)
			if all, ok := a.joinedByLoop(t.Child(n, fRight), n); ok {
				// for (const c of ["cl", "au", "de"]) b += c: every
				// element once, in order
				out = treesitter.Either(a.ev.Cfg, treesitter.Concat(a.before(t.Child(n, fLeft)), all, n), out, n)
			}
			return out
		}
	case kBinary:
		return a.evalBinary(n)
	case kTernary:
		return treesitter.Either(a.ev.Cfg, a.ev.Eval(t.Child(n, fConsequence)), a.ev.Eval(t.Child(n, fAlternative)), n)
	case kArray:
		return a.ev.List(n, kSpread)
	case kObject, kEnumBody:
		return treesitter.ObjectAt(n)
	case kArrow, kFunction:
		return treesitter.FuncAt(n)
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
			v := a.ev.Eval(t.Nodes[c].First)
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
	switch op := a.ev.Op(n); op {
	case "+":
		if l, r := a.ev.Operands(n); l.K == vStr || r.K == vStr {
			return treesitter.Concat(l, r, n)
		}
	case "||", "??":
		l, r := a.ev.Operands(n)
		if !l.Known() && r.K == vRef && local(r.Mod) && len(r.Path) > 0 && apiOf(r) == apiNone {
			// name ?? AGENTS.primary: another module's value, known in
			// the repository phase (a summary offers it as a re-export
			// of that member), not dropped as an unknown
			r.Node = n
			return r
		}
		if !l.Known() && !l.Env && r.K == vArr && r.Lit == none && a.isCallResult(a.t.Child(n, fRight)) {
			// `config.path || findInPath('claude')`: the configured
			// unknown, or what another module's helper builds from its
			// arguments (builtFromArgs), which stays a possibility
			r.Node = n
			return r
		}
		if (l.K == vArr || l.K == vObj) && (r.K == vArr || r.K == vObj) {
			// `TABLE[name] ?? ["true"]`: the list (or object) looked up,
			// which may be missing, or the fallback; both stay
			// possibilities, as in a union
			return treesitter.Union(a.ev.Cfg, []value{l, r}, n)
		}
		if l.K == vUnknown && r.K == vUnknown && l.Env && r.Env && l.Alt == nil && r.Alt == nil {
			// `process.env.VISUAL || process.env.EDITOR`: the
			// environment's either way
			u := treesitter.Unknown(n)
			u.Env = true
			return u
		}
		return treesitter.Fallback(l, r, op == "??", n)
	}
	return treesitter.Unknown(n)
}

// isCallResult reports whether expression n is a call's result (`f(x)`,
// `await f(x)`, in parentheses or `as T`).
func (a *analyzer) isCallResult(n int32) bool {
	t := a.t
	for n != none && (t.Nodes[n].Kind == kParen || t.Nodes[n].Kind == kAwait || t.Nodes[n].Kind == kAsExpr) {
		n = t.Nodes[n].First
	}
	return n != none && t.Nodes[n].Kind == kCall
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
	case "atob", "decodeURIComponent", "decodeURI", "unescape", "String", "structuredClone":
		return value{K: vRef, Mod: "#global", Path: []string{name}, Node: n, Lit: none}
	case "$":
		if a.zxGlobal {
			return value{K: vRef, Mod: "zx", Path: []string{"$"}, Node: n, Lit: none}
		}
	}
	return treesitter.Unknown(n)
}

// besideModule is path.join or path.resolve of `__dirname` and known
// parts, called at n: the path beside the file (`./lib/proc.js`), which a
// require then reads as that module of the repository
// (`require(path.join(__dirname, "lib", "proc.js"))`). ok is false for
// any other call.
func (a *analyzer) besideModule(callee value, argv []int32, n int32) (value, bool) {
	t := a.t
	if callee.K != vRef || normModule(callee.Mod) != "path" || len(callee.Path) != 1 ||
		callee.Path[0] != "join" && callee.Path[0] != "resolve" || len(argv) < 2 ||
		t.Nodes[argv[0]].Kind != kIdentifier || !t.Is(argv[0], "__dirname") || a.scopes.Bound([]byte("__dirname")) {
		return value{}, false
	}
	parts := make([]string, 0, len(argv)-1)
	for _, c := range argv[1:] {
		v := a.ev.Eval(c)
		if !v.Known() || v.Alt != nil || strings.HasPrefix(v.S, "/") {
			return value{}, false
		}
		parts = append(parts, v.S)
	}
	rel := path.Clean(path.Join(parts...))
	if rel == "." || strings.HasPrefix(rel, "../") || rel == ".." {
		if rel == "." {
			return value{}, false
		}
		return treesitter.Str(rel, n), true
	}
	return treesitter.Str("./"+rel, n), true
}

// requiredModule is the module that m, the argument of a require, an
// import() or process.getBuiltinModule, names: its string; when it may be
// several, the process module if one of them is (`require(c ?
// 'child_process' : 'fs')`), and a name known in no part may be it too
// (`require(name)`, `import(process.env.MOD)`, another module's value): a process API called on
// the module is then one, never silently a member of an unknown value.
func requiredModule(m value, n int32) value {
	mod, unknown := "", false
	for i, p := range m.Possibilities() {
		// a possibility Union left out (`let m = 'fs'; if (x) m =
		// process.env.M`) may be the process module's name too
		unknown = unknown || p.Other || p.Via == scanner.ClassDynamic
		switch {
		case p.Known():
			if normModule(p.S) == "child_process" {
				return value{K: vRef, Mod: "child_process", Node: n, Lit: none}
			}
			if i == 0 {
				mod = normModule(p.S)
			}
		case p.K == vUnknown || p.K == vStr && !p.AnyKnown || p.K == vRef:
			// another module's value (`require(lib.mods[1])`) is not read
			// here: it may be the process module's name
			unknown = true
		}
	}
	switch {
	case unknown:
		return value{K: vRef, Mod: "child_process", Node: n, Lit: none}
	case mod != "":
		return value{K: vRef, Mod: mod, Node: n, Lit: none}
	}
	return treesitter.Unknown(n)
}

// mapList is xs.map(f) (keep: each of xs's places; else flatMap's one
// place): with f require, each element the module it names (`const [fs,
// cp] = ['fs', 'child_process'].map(require)`); with f a function of the
// file, its body with its parameter any element of xs (`const [a, b] =
// xs.map(m => require(m))`). ok is false for any other f.
func (a *analyzer) mapList(recv, f value, keep bool, n int32) (value, bool) {
	if keep && f.K == vRef && f.Mod == "require" && len(f.Path) == 0 {
		out := value{K: vArr, Node: n, Lit: none}
		for _, e := range recv.Elems {
			out.Elems = append(out.Elems, requiredModule(e, n))
		}
		return out, true
	}
	if !keep && f.K == vFunc && f.Fn != none && a.identity(f.Fn) {
		// flatMap(x => x): flat()
		return flatten(recv, 1, n), true
	}
	if f.K == vFunc && f.Fn != none {
		r := a.ev.ReturnValue(f.Fn, n)
		out := value{K: vArr, Elems: []value{r}, Node: n, Lit: none}
		if !keep && r.K == vArr {
			// flatMap: the list each call returns, in its place
			out.Elems = r.Elems
		}
		if keep {
			for range recv.Elems[min(1, len(recv.Elems)):] {
				out.Elems = append(out.Elems, r)
			}
		}
		return out, true
	}
	return value{}, false
}

// identity reports whether fn is an arrow function that returns its one
// parameter (`x => x`).
func (a *analyzer) identity(fn int32) bool {
	t := a.t
	if t.Nodes[fn].Kind != kArrow {
		return false
	}
	p, count := a.firstParam(fn)
	body := a.returned(fn)
	for body != none && t.Nodes[body].Kind == kParen {
		body = t.Nodes[body].First
	}
	return count == 1 && p != none && body != none && t.Nodes[body].Kind == kIdentifier && t.Text(body) == t.Text(p)
}

// before is what name, the left side of an augmented assignment, holds
// before it: any of the name's other bindings (not this one, which is
// being worked out).
func (a *analyzer) before(name int32) value {
	t := a.t
	if name == none || t.Nodes[name].Kind != kIdentifier {
		return a.ev.Eval(name)
	}
	bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[name].Start:t.Nodes[name].End], name)
	if !ok || len(bs) > treesitter.MaxMultiBindings {
		return treesitter.Unknown(name)
	}
	var vals []value
	for i := range bs {
		if bs[i].name != name {
			vals = append(vals, a.Binding(&bs[i]))
		}
	}
	return treesitter.Union(a.ev.Cfg, vals, name)
}

// joinedByLoop is, for `b += x` at n where x is the variable of a
// for...of loop around n over a list the analysis knows, the list's
// elements joined: what b gains when the loop runs to its end.
func (a *analyzer) joinedByLoop(x, n int32) (value, bool) {
	t := a.t
	if x == none || t.Nodes[x].Kind != kIdentifier {
		return value{}, false
	}
	bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[x].Start:t.Nodes[x].End], x)
	if !ok || len(bs) != 1 || !bs[0].each || bs[0].keys || bs[0].value == none {
		return value{}, false
	}
	loop := t.Nodes[bs[0].value].Parent
	if loop == none || t.Nodes[loop].Kind != kForIn || t.Nodes[n].Start < t.Nodes[loop].Start || t.Nodes[n].End > t.Nodes[loop].End {
		return value{}, false
	}
	list := a.ev.Eval(bs[0].value)
	if list.K != vArr || len(list.Elems) == 0 || len(list.Elems) > treesitter.MaxPossibilities {
		return value{}, false
	}
	out := list.Elems[0]
	for _, e := range list.Elems[1:] {
		out = treesitter.Concat(out, e, n)
	}
	return out, true
}

// taggedParam is what a tagged template (“ $`claude -p ${x}` “) gives
// the tag's parameter b: the first, a list holding the template's text
// (its parts joined, a substitution an unknown part: what the tag's
// join, reduce or raw of it keeps); a later one, the substitution at its
// place (a rest parameter, those from there on)
// (tagged_template_helper.txtar).
func (a *analyzer) taggedParam(tmpl int32, b *binding) value {
	t := a.t
	if b.index == 0 && !b.rest {
		return value{K: vArr, Elems: []value{a.ev.Eval(tmpl)}, Node: tmpl, Lit: none}
	}
	var subs []int32
	for c := t.Nodes[tmpl].First; c != none; c = t.Nodes[c].Next {
		if t.Nodes[c].Kind == kTemplateSubstitution && t.Nodes[c].First != none {
			subs = append(subs, t.Nodes[c].First)
		}
	}
	from := max(b.index-1, 0)
	if b.rest {
		out := value{K: vArr, Node: tmpl, Lit: none}
		if b.index == 0 {
			out.Elems = append(out.Elems, a.ev.Eval(tmpl))
		}
		for _, s := range subs[min(from, len(subs)):] {
			out.Elems = append(out.Elems, a.ev.Eval(s))
		}
		return out
	}
	if from < len(subs) {
		return a.ev.Eval(subs[from])
	}
	return treesitter.Unknown(tmpl)
}

// maxResolves bounds the calls of a promise's resolve function that
// resolvedWith reads; past it the value is also unknown.
const maxResolves = 16

// resolvedWith is the value a promise's executor fn hands its first
// parameter (`new Promise((res) => res("claude"))`, `function (resolve,
// reject) { resolve(x) }`): any argument of a call of it in the
// executor's body. ok is false when fn is no function or calls it with
// none.
func (a *analyzer) resolvedWith(fn, n int32) (value, bool) {
	t := a.t
	if k := t.Nodes[fn].Kind; k != kArrow && k != kFunction {
		return value{}, false
	}
	p, _ := a.firstParam(fn)
	if p == none || t.Nodes[p].Kind != kIdentifier {
		return value{}, false
	}
	name := t.Text(p)
	var vals []value
	end := t.Nodes[fn].End
	for i := fn + 1; int(i) < len(t.Nodes) && t.Nodes[i].Start < end; i++ {
		if t.Nodes[i].Kind != kCall {
			continue
		}
		f, args := t.Child(i, fFunction), t.Child(i, fArguments)
		if f == none || t.Nodes[f].Kind != kIdentifier || t.Text(f) != name || args == none || t.Nodes[args].First == none {
			continue
		}
		if len(vals) == maxResolves {
			vals = append(vals, treesitter.Unknown(n))
			break
		}
		vals = append(vals, a.ev.Eval(t.Nodes[args].First))
	}
	if len(vals) == 0 {
		return value{}, false
	}
	return treesitter.Union(a.ev.Cfg, vals, n), true
}

// yielded is the value a call n of generator fn gives: the list of what
// its yields hand out (`for (const b of agents())`, `[...agents()]`), at
// most treesitter.MaxReturns of them, then an unknown. ok is false for a
// function that yields nothing (its call is its return).
func (a *analyzer) yielded(fn, n int32) (value, bool) {
	t := a.t
	if a.yields == nil {
		// the yields of every generator of the file, by their function:
		// one pass over the nodes, the first time a call is evaluated
		a.yields = map[int32][]int32{}
		for i := range int32(len(t.Nodes)) {
			if t.Nodes[i].Kind == kYield {
				f := a.scopes.Of(i)
				a.yields[f] = append(a.yields[f], i)
			}
		}
	}
	ys, ok := a.yields[fn]
	if !ok {
		return value{}, false
	}
	out := value{K: vArr, Node: n, Lit: none}
	for _, y := range ys {
		if len(out.Elems) >= treesitter.MaxReturns {
			out.Elems = append(out.Elems, treesitter.Unknown(n))
			break
		}
		e := t.Nodes[y].First
		if e == none {
			continue
		}
		v := a.ev.Eval(e)
		if bytes.HasPrefix(t.Src[t.Nodes[y].Start:t.Nodes[e].Start], []byte("yield*")) && v.K == vArr {
			// yield* xs: each element of xs
			out.Elems = append(out.Elems, v.Elems...)
			continue
		}
		out.Elems = append(out.Elems, v)
	}
	return out, true
}

// filterKnown is xs.filter(f) when every element of xs is one known
// string and f's test of its parameter can be worked out for each: a
// comparison with a string (`===`, `!==`, `==`, `!=`) or its
// `startsWith`, `endsWith` or `includes` of one, possibly negated
// (`(t) => t !== "claude"`). ok is false for any other test: the filter
// then keeps any element at any place from its own on.
func (a *analyzer) filterKnown(recv value, f, n int32) (value, bool) {
	t := a.t
	if k := t.Nodes[f].Kind; k != kArrow && k != kFunction {
		return value{}, false
	}
	p, count := a.firstParam(f)
	body := a.returned(f)
	if count != 1 || p == none || t.Nodes[p].Kind != kIdentifier || body == none {
		return value{}, false
	}
	for _, e := range recv.Elems {
		if e.K != vStr || !e.Known() || e.Alt != nil {
			return value{}, false
		}
	}
	param := t.Text(p)
	out := value{K: vArr, Node: n, Lit: none}
	for _, e := range recv.Elems {
		keep, ok := a.testString(body, param, e.S, 0)
		if !ok {
			return value{}, false
		}
		if keep {
			out.Elems = append(out.Elems, e)
		}
	}
	return out, true
}

// testString works out test expression x for parameter param holding s
// (filterKnown); depth bounds the negations and parentheses read.
func (a *analyzer) testString(x int32, param, s string, depth int) (bool, bool) {
	t := a.t
	if x == none || depth > 8 {
		return false, false
	}
	lit := func(c int32) (string, bool) {
		if c == none || t.Nodes[c].Kind != kString {
			return "", false
		}
		v := a.ev.Eval(c)
		return v.S, v.Known() && v.Alt == nil
	}
	switch t.Nodes[x].Kind {
	case kParen:
		return a.testString(t.Nodes[x].First, param, s, depth+1)
	case kUnary:
		if a.ev.Op(x) == "!" {
			r, ok := a.testString(t.Child(x, fArgument), param, s, depth+1)
			return !r, ok
		}
	case kBinary:
		l, r := t.Child(x, fLeft), t.Child(x, fRight)
		if t.Nodes[l].Kind != kIdentifier || t.Text(l) != param {
			l, r = r, l
		}
		if l == none || t.Nodes[l].Kind != kIdentifier || t.Text(l) != param {
			return false, false
		}
		w, ok := lit(r)
		if !ok {
			return false, false
		}
		switch a.ev.Op(x) {
		case "===", "==":
			return s == w, true
		case "!==", "!=":
			return s != w, true
		}
	case kCall:
		fn, args := t.Child(x, fFunction), t.Child(x, fArguments)
		if fn == none || t.Nodes[fn].Kind != kMember || args == none || len(t.Children(args)) != 1 {
			return false, false
		}
		if o := t.Child(fn, fObject); o == none || t.Nodes[o].Kind != kIdentifier || t.Text(o) != param {
			return false, false
		}
		w, ok := lit(t.Children(args)[0])
		if !ok {
			return false, false
		}
		switch t.Text(t.Child(fn, fProperty)) {
		case "startsWith":
			return strings.HasPrefix(s, w), true
		case "endsWith":
			return strings.HasSuffix(s, w), true
		case "includes":
			return strings.Contains(s, w), true
		}
	}
	return false, false
}

// flatBound is how many levels of nested lists flat() undoes when its
// depth is not a small known number (`flat(Infinity)`); a list nested
// deeper stays a list there.
const flatBound = 4

// flatten is list v with its nested lists' elements in their place, depth
// levels down.
func flatten(v value, depth int, n int32) value {
	out := value{K: vArr, Node: n, Lit: none}
	for _, e := range v.Elems {
		if e.K == vArr && depth > 0 {
			out.Elems = append(out.Elems, flatten(e, depth-1, n).Elems...)
			continue
		}
		out.Elems = append(out.Elems, e)
	}
	return out
}

// anyOrder is list v in an order not known (sort): each place may hold
// any of its elements.
func anyOrder(cfg *scanner.Config, v value, n int32) value {
	out := value{K: vArr, Node: n, Lit: none, Elems: make([]value, len(v.Elems))}
	all := treesitter.Union(cfg, v.Elems, n)
	for i := range out.Elems {
		out.Elems[i] = all
	}
	return out
}

// reduceConcat is xs.reduce(f, init) (reduceRight when right) for a
// callback f that joins its accumulator and the element with `+` or
// concat (`(a, b) => a + b`, `function (a, b) { return a.concat(b) }`):
// init (or the first element) followed by every element, joined. ok is
// false for any other callback: the result stays unknown.
func (a *analyzer) reduceConcat(recv value, argv []int32, right bool, n int32) (value, bool) {
	t := a.t
	if len(argv) == 0 || len(recv.Elems) == 0 {
		return value{}, false
	}
	f := argv[0]
	if k := t.Nodes[f].Kind; k != kArrow && k != kFunction {
		return value{}, false
	}
	var params []string
	if ps := t.Child(f, fParameters); ps != none {
		for _, c := range t.Children(ps) {
			if p := t.Child(c, fPattern); p != none {
				c = p
			}
			params = append(params, t.Text(c))
		}
	} else if p := t.Child(f, fParameter); p != none {
		params = append(params, t.Text(p))
	}
	if len(params) < 2 {
		return value{}, false
	}
	body := a.returned(f)
	var l, r string
	concat := false
	// acc + s + (vals[i] ?? ""): operands added after the element and
	// the accumulator are unknown parts after each element
	extra := 0
	for x := body; x != none && t.Nodes[x].Kind == kBinary && t.Text(t.Child(x, fOperator)) == "+"; x = t.Child(x, fLeft) {
		left := t.Child(x, fLeft)
		if left == none || t.Nodes[left].Kind != kBinary || t.Text(t.Child(left, fOperator)) != "+" || extra >= maxReduceExtras {
			break
		}
		body, extra = left, extra+1
	}
	switch {
	case body == none:
		return value{}, false
	case t.Nodes[body].Kind == kBinary && t.Text(t.Child(body, fOperator)) == "+":
		l, r = t.Text(t.Child(body, fLeft)), t.Text(t.Child(body, fRight))
	case t.Nodes[body].Kind == kCall:
		fn, args := t.Child(body, fFunction), t.Child(body, fArguments)
		if fn == none || t.Nodes[fn].Kind != kMember || t.Text(t.Child(fn, fProperty)) != "concat" || args == none || len(t.Children(args)) != 1 {
			return value{}, false
		}
		l, r = t.Text(t.Child(fn, fObject)), t.Text(t.Children(args)[0])
		concat = true
	default:
		return value{}, false
	}
	elems := recv.Elems
	if right {
		elems = treesitter.Reverse(recv, n).Elems
	}
	parts := elems
	if len(argv) > 1 {
		parts = append([]value{a.Expr(argv[1])}, elems...)
	}
	switch {
	case l == params[0] && r == params[1]:
	case l == params[1] && r == params[0]:
		// the element in front: the parts backwards
		parts = treesitter.Reverse(value{K: vArr, Elems: parts}, n).Elems
	default:
		return value{}, false
	}
	out := parts[0]
	if concat && out.K == vArr && out.Alt == nil {
		// [["claude"], ["-p"]].reduce((acc, x) => acc.concat(x), []): a
		// list, each part's elements (or the part) after the others
		list := value{K: vArr, Node: n, Lit: none, Elems: slices.Clone(out.Elems)}
		for _, p := range parts[1:] {
			if p.K == vArr && p.Alt == nil {
				list.Elems = append(list.Elems, p.Elems...)
			} else if p.K == vArr || p.K == vUnknown {
				return value{}, false
			} else {
				list.Elems = append(list.Elems, p)
			}
		}
		return list, true
	}
	for _, p := range parts[1:] {
		out = treesitter.Concat(out, p, n)
		if extra > 0 {
			out = treesitter.Concat(out, treesitter.Unknown(n), n)
		}
	}
	return out, true
}

// maxReduceExtras is how many operands after the element a reduce
// callback's concatenation may add (reduceConcat).
const maxReduceExtras = 4

// unreadLen is how many elements a list whose elements are not read
// (mapUnread) is taken to have: a place past them reads unknown.
const unreadLen = 8

// mapUnread is xs.map(f) for a list xs whose elements are not read here
// (another module's value, a list built at run time), when f loads a
// module (require, or a function of the file returning a load): a list
// of unreadLen elements, each what f gives an unknown name, so the
// process module where f loads by name (requiredModule). ok is false for
// any other f: its result stays unknown.
func (a *analyzer) mapUnread(f value, n int32) (value, bool) {
	isRequire := f.K == vRef && f.Mod == "require" && len(f.Path) == 0
	if !isRequire && (f.K != vFunc || f.Fn == none || !a.namesRequire(f.Fn)) {
		return value{}, false
	}
	unread := value{K: vArr, Node: n, Lit: none}
	for range unreadLen {
		unread.Elems = append(unread.Elems, treesitter.Unknown(n))
	}
	return a.mapList(unread, f, true, n)
}

// namesRequire reports whether function fn's text calls a loader
// (mapUnread): a function that loads nothing keeps its unknown result.
func (a *analyzer) namesRequire(fn int32) bool {
	src := a.t.Src[a.t.Nodes[fn].Start:a.t.Nodes[fn].End]
	for _, l := range loaders {
		if bytes.Contains(src, l) {
			return true
		}
	}
	return false
}

// indirectRequire is the name a call of require loads when the call is
// not written `require(x)`: `require.call(null, x)`, `require.apply(null,
// [x])`, `Reflect.apply(require, null, [x])` (a name bound to require
// counts too), and Node's `module.require(x)` (review 10, a04, a05, a29,
// a34). ok is false for any other call. Only a callee that is a name is
// evaluated: the test runs on every call whose value is read.
func (a *analyzer) indirectRequire(n, fn int32, arg0 func() value) (value, bool) {
	t := a.t
	if t.Nodes[fn].Kind == kMember {
		if obj, p := t.Child(fn, fObject), t.Child(fn, fProperty); obj != none && p != none && t.Is(obj, "module") && t.Is(p, "require") && !a.scopes.Bound([]byte("module")) {
			return arg0(), true
		}
	}
	target, args, applied, ok := indirectOf(t, n)
	if !ok || target == none {
		return value{}, false
	}
	switch t.Nodes[target].Kind {
	case kIdentifier:
		if tv := a.ev.Eval(target); tv.K != vRef || tv.Mod != "require" || len(tv.Path) != 0 {
			return value{}, false
		}
	case kMember:
		// Reflect.apply(module.require, module, [x])
		if obj, p := t.Child(target, fObject), t.Child(target, fProperty); obj == none || p == none ||
			!t.Is(obj, "module") || !t.Is(p, "require") || a.scopes.Bound([]byte("module")) {
			return value{}, false
		}
	default:
		return value{}, false
	}
	switch {
	case len(args) > 0 && t.Nodes[args[0]].Kind != kSpread:
		return a.ev.Eval(args[0]), true
	case len(args) == 0 && applied != none:
		if av := a.ev.Eval(applied); av.K == vArr && len(av.Elems) > 0 {
			return av.Elems[0], true
		}
	}
	// an argument spread from a value not known: any module
	return treesitter.Unknown(n), true
}

// globalMember reads a process-API global through the global object
// (globalThis.Bun, window['Deno'], global.process): the same global.
func (a *analyzer) globalMember(obj int32, name string, n int32) (value, bool) {
	t := a.t
	if obj == none || t.Nodes[obj].Kind != kIdentifier || !globalObjects[t.Text(obj)] || a.scopes.Bound([]byte(t.Text(obj))) {
		return value{}, false
	}
	switch name {
	case "Bun", "Deno", "process", "require":
		return a.global(name, n), true
	}
	return value{}, false
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
	var v value
	if len(bs) == 1 {
		v = a.Binding(&bs[0])
	} else if o, ok := a.objectsOf(bs, key, n); ok {
		v = o
	} else {
		v = a.ev.Multi(key, bs, n)
	}
	from := int32(none)
	if len(bs) == 1 {
		from = bs[0].name
	}
	v = a.mutatedAt(v, a.t.Text(n), n, from, key)
	v.Node, v.Lit = n, none
	return a.ev.Tracked(v)
}

// otherFreshList reports whether the identifier recv names a binding other
// than from that holds a fresh array (declared once, with an array
// literal) or is a parameter of a named function: not the array from holds.
func (a *analyzer) otherFreshList(recv, from int32) bool {
	t := a.t
	if recv == none || t.Nodes[recv].Kind != kIdentifier {
		return false
	}
	bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[recv].Start:t.Nodes[recv].End], recv)
	if !ok || len(bs) != 1 {
		return false
	}
	b := &bs[0]
	if b.name != from && b.param && b.fn != "" {
		// another function's parameter of the same name (two helpers
		// each taking `args`): its changes are its own
		return true
	}
	return b.name != from && !b.ref && !b.param && !b.each && len(b.path) == 0 && b.value != none && t.Nodes[b.value].Kind == kArray
}

// mutKey is what the value mutated gives a name bound once depends on:
// the binding (whose value is computed once), and which of the changes
// to the name apply at the use — all made in other functions, and those
// of the use's own function made before it (their count: the first so
// many in the order of the source).
type mutKey struct {
	from   int32
	name   string
	scope  int32
	before int
	bound  treesitter.ScopeKey
}

// objectsOf is the value of a name bound several times in one scope when
// every binding is an object literal (or any of several: two loops
// `for (const s of A)`, `for (const s of B)` over lists of steps, block
// scopes not being told apart): any of them, chained as possibilities
// whose property is that of each (see prop); past 4*MaxPossibilities
// the rest are not read and the first is marked dynamic (eachObject).
// The shared union keeps strings and lists only, so objects would be
// unknown. ok is false when a binding is not an object.
func (a *analyzer) objectsOf(bs []binding, key treesitter.ScopeKey, n int32) (value, bool) {
	if len(bs) > treesitter.MaxMultiBindings {
		return value{}, false
	}
	for i := range bs {
		// only a loop variable or an object literal may hold objects:
		// any other binding is not evaluated here (a parameter's call
		// sites cost a bundle more than the rest of its analysis)
		b := &bs[i]
		if b.ref || b.param && !b.each || b.value == none || !b.each && (len(b.path) > 0 || a.t.Nodes[b.value].Kind != kObject) {
			return value{}, false
		}
	}
	if r, ok := a.objMulti[key]; ok {
		return r.v, r.ok
	}
	if a.objMulti == nil {
		a.objMulti = map[treesitter.ScopeKey]objUnion{}
	}
	a.objMulti[key] = objUnion{} // re-entry: not objects
	var objs []value
	for i := range bs {
		for _, p := range a.Binding(&bs[i]).Possibilities() {
			if p.K != vObj || p.Obj == none {
				return value{}, false
			}
			p.Alt = nil
			objs = append(objs, p)
		}
	}
	out, ok := eachObject(objs, n)
	a.objMulti[key] = objUnion{out, ok}
	return out, ok
}

// objUnion is objectsOf's memoized answer.
type objUnion struct {
	v  value
	ok bool
}

// mutated is v, the value of name (a variable or this.x) used at n, with
// the in-place changes the file makes to it applied. For a name bound
// once (from, the binding's name node, else none) the answer is
// memoized: a bundle's every use of a list applied its up to
// maxMutations changes again.
func (a *analyzer) mutated(v value, name string, n, from int32) value {
	return a.mutatedAt(v, name, n, from, treesitter.ScopeKey{Name: none, Scope: none})
}

// mutatedAt is mutated for a use of a name whose bindings in its scope
// are bound (a ScopeKey; Name none: not known): a name bound several
// times (from none) is memoized by them, as their value is computed
// once for the scope.
func (a *analyzer) mutatedAt(v value, name string, n, from int32, bound treesitter.ScopeKey) value {
	ms := a.muts[name]
	if v.K != vArr || len(ms) == 0 {
		return v
	}
	if a.mutating[name] {
		return treesitter.Unknown(n)
	}
	var key mutKey
	memo := from != none || bound.Name != none
	if memo {
		at, sc := a.t.Nodes[n].Start, a.scopes.Of(n)
		key = mutKey{from: from, name: name, scope: sc, bound: bound}
		for _, m := range ms {
			if m.at < at && a.scopes.Of(m.where()) == sc {
				key.before++
			}
		}
		if r, ok := a.mutMemo[key]; ok {
			return r
		}
	}
	if a.mutating == nil {
		a.mutating = map[string]bool{}
	}
	a.mutating[name] = true
	v = a.applyMutations(v, ms, n, from)
	delete(a.mutating, name)
	if memo {
		if a.mutMemo == nil {
			a.mutMemo = map[mutKey]value{}
		}
		a.mutMemo[key] = v
	}
	return v
}

// maxMutations bounds how many in-place changes of one name are applied;
// past it the array is changed in an unmodelled way, never silently cut.
const maxMutations = 64

// applyMutations applies the changes made before the use at node use in
// its function, and those made in any other function (a helper or closure
// that may run first). For a use of the binding from (else none), a change
// of a name that another binding holds, one made once to a fresh array
// literal, is not applied: that array is not this one (`result.push` in
// every function of a bundle reached every `result`).
func (a *analyzer) applyMutations(v value, ms []mutation, use, from int32) value {
	return a.applyMutationsAt(v, ms, a.t.Nodes[use].Start, a.scopes.Of(use), from)
}

// applyMutationsAt is applyMutations for a use at byte offset at in
// scope sc.
func (a *analyzer) applyMutationsAt(v value, ms []mutation, at uint32, sc int32, from int32) value {
	// a run of changes by methods nobody mapped is applied at once
	// (MutateListUnmodelled): one union instead of one per change
	var runArgs [][]value
	var runNodes []int32
	flush := func() {
		if len(runNodes) > 0 {
			v = treesitter.MutateListUnmodelled(a.ev.Cfg, v, runArgs, runNodes)
			runArgs, runNodes = runArgs[:0], runNodes[:0]
		}
	}
	for k, m := range ms {
		if m.at >= at && a.scopes.Of(m.where()) == sc {
			continue
		}
		if from != none && !m.passed && a.otherFreshList(m.recv, from) {
			continue
		}
		if k == maxMutations {
			flush()
			return treesitter.MutateList(a.ev.Cfg, v, treesitter.ListUnmodelled, nil, v.Node)
		}
		args := a.mutationArgs(m)
		if m.op == "[]" {
			flush()
			v = treesitter.MutateList(a.ev.Cfg, v, treesitter.ListSetItem, append([]value{a.ev.Eval(m.index)}, args...), m.node)
			continue
		}
		if op := listMethods[m.op]; op != treesitter.ListUnmodelled {
			flush()
			v = treesitter.MutateList(a.ev.Cfg, v, op, args, m.node)
			continue
		}
		runArgs, runNodes = append(runArgs, args), append(runNodes, m.node)
	}
	flush()
	return v
}

// mutationArgs are the values a change hands the list (a spread's
// elements one by one), evaluated once per change: a name changed at many
// places is read at many uses, each applying every change made elsewhere.
// An argument's value does not depend on the use that applies the change;
// one evaluated under a guard against recursion may be less precise (an
// unknown), never less.
func (a *analyzer) mutationArgs(m mutation) []value {
	if args, ok := a.mutArgs[m.node]; ok {
		return args
	}
	var args []value
	for _, c := range m.args {
		if a.t.Nodes[c].Kind == kSpread {
			// push(...xs): each element of xs
			if w := a.ev.Eval(a.t.Nodes[c].First); w.K == vArr {
				args = append(args, w.Elems...)
				continue
			}
		}
		args = append(args, a.ev.Eval(c))
	}
	if a.mutArgs == nil {
		a.mutArgs = map[int32][]value{}
	}
	a.mutArgs[m.node] = args
	return args
}

// Binding is the value one binding gives its name.
func (a *analyzer) Binding(b *binding) value {
	if b.ref {
		if v, ok := a.importedConst(b.mod, pathKey(b.path), b.name); ok && (len(b.path) > 0 || !treesitter.IsDynamicExport(v)) {
			return v
		}
		// a namespace or default import of a module whose summary a bound
		// cut stays the module: its members are looked up one by one
		return value{K: vRef, Mod: b.mod, Path: b.path, Node: b.name, Lit: none}
	}
	if b.param && b.fn != "" && len(b.path) > 0 && !a.ev.Seed {
		// a destructured parameter in a file whose values cannot name a
		// launch (no trigger, not read with its imports): its call sites
		// are not read (they cost a bundle's scan more than they tell);
		// phase two reads them if the file imports a module of the
		// repository (Evaluator.Unread)
		a.ev.Unread = true
		return treesitter.Unknown(b.name)
	}
	if b.param && b.fn != "" {
		v := a.evalParam(b)
		if len(b.path) == 0 && v.K == vUnknown && !v.Cut && v.Mod == "" {
			v = a.typedInstance(b, v)
		}
		if len(b.path) > 0 {
			if v.K == vUnknown && !v.Cut && v.Mod == "" {
				if tv, ok := a.patternParam(b); ok {
					v = tv
				}
			}
			// function run({ cmd }): the member of each call's argument
			v = a.atPath(v, b.path, b.name)
			if b.hasDflt {
				v = withDefault(v, a.ev.Eval(b.dflt), b.name)
			}
		}
		return v
	}
	if b.each && b.value != none && len(b.path) > 0 && !a.ev.Seed {
		a.ev.Unread = true
		return treesitter.Unknown(b.name) // the same for a destructured loop variable
	}
	if b.each && b.value != none {
		return a.ev.Once(b.name, func() value {
			// for (const {cmd} of STEPS): a member of any element
			return a.atPath(a.eachElem(b), b.path, b.name)
		})
	}
	if b.param && b.fn == "" && len(b.path) == 0 && !b.hasDflt && b.value == none && a.t.Nodes[b.name].Kind == kIdentifier {
		// q.onJob((bin) => ...) of another module's class: what the
		// class calls the callback with
		if v, ok := a.methodCallbackParam(b); ok {
			return v
		}
	}
	if b.param && !b.each && len(b.path) == 0 && !b.hasDflt {
		// an anonymous function's parameter: its type may say what it is
		return a.typedInstance(b, treesitter.Unknown(b.name))
	}
	if b.param && !b.each && len(b.path) > 0 && !b.hasDflt {
		// ({ exec }: ExtensionAPI) => ...: a member of what the
		// parameter's type (or place) says it is
		if tv, ok := a.patternParam(b); ok {
			return a.atPath(tv, b.path, b.name)
		}
	}
	if b.param || b.value == none {
		if b.hasDflt {
			return a.ev.Once(b.name, func() value { return withDefault(treesitter.Unknown(b.name), a.ev.Eval(b.dflt), b.name) })
		}
		return treesitter.Unknown(b.name)
	}
	return a.ev.Once(b.name, func() value {
		v := a.ev.Eval(b.value)
		if r, ok := a.destructuredBack(v, b); ok {
			// const { path: bin } = await lookup("claude"): as
			// lookup("claude").path (handedBack)
			v = r
		} else {
			v = a.atPath(v, b.path, b.name)
		}
		if b.hasDflt {
			v = withDefault(v, a.ev.Eval(b.dflt), b.name)
		}
		return v
	})
}

// atPath is the member of v a destructuring path names, at node n.
func (a *analyzer) atPath(v value, path []string, n int32) value {
	for _, p := range path {
		if rest, ok := strings.CutPrefix(p, restFrom); ok && v.K == vArr {
			// [sh, ...flags]: the elements from an index on
			if i, err := strconv.Atoi(rest); err == nil && i <= len(v.Elems) {
				v = value{K: vArr, Elems: v.Elems[i:], Node: n, Lit: none}
				continue
			}
		}
		if e, ok := strings.CutPrefix(p, computedKey); ok {
			// { [expr]: name } = v: v's member expr names, any of its
			// members when that is not known statically
			if i, err := strconv.Atoi(e); err == nil && i >= 0 && i < len(a.t.Nodes) {
				if k := a.ev.Eval(int32(i)); k.Known() && k.Alt == nil && k.Via != scanner.ClassDynamic {
					v = a.member(v, k.S, n)
				} else {
					v = a.anyEntry(v, n)
				}
				continue
			}
		}
		v = a.member(v, p, n)
	}
	return v
}

// computedKey starts the path element of a computed key in a
// destructuring pattern (`{ [expr]: name }`), followed by expr's node.
const computedKey = "\x00key:"

// typedInstance is, for a parameter whose value its call sites leave
// unknown (v), an instance of the class its type names when that class is
// another module's (`drive(r: Runner)`, Runner imported): its methods are
// then that class's, as for `new Runner()` (evalNew), so `r.run('claude')`
// is judged against them. The tree drops annotations, so the type is read
// from the parameter's text (typeClass: through the file's type aliases
// and the wrappers that keep the class's methods); a type that is no one
// class keeps v, and one whose aliases go deeper than maxTypeDepth is past
// a bound: a call of its method naming a runtime is dynamic.
func (a *analyzer) typedInstance(b *binding, v value) value {
	t := a.t
	if b.name == none {
		return v
	}
	p := t.Nodes[b.name].Parent
	if p == none {
		return v
	}
	if k := t.Nodes[p].Kind; k != kRequiredParameter && k != kOptionalParameter {
		// JavaScript's (pi, opts = { a: 1 }), pi => ...: no type
		return a.extensionParam(b, v)
	}
	_, typ, ok := strings.Cut(t.Text(p), ":")
	if !ok {
		return a.extensionParam(b, v)
	}
	if d := topLevel(typ, "="); d >= 0 && !strings.HasPrefix(typ[d:], "=>") {
		typ = typ[:d] // `r: Runner = dflt`
	}
	if r := a.typeValue(typ, b.name, v); r.K != v.K || r.Mod != v.Mod || r.Cut != v.Cut {
		return r
	}
	// a type that says nothing of it (`pi: any`): as if untyped
	return a.extensionParam(b, v)
}

// piAPI is the reference of the object Pi hands an extension
// (apiTypes), at node n.
func piAPI(n int32) value {
	return value{K: vRef, Mod: "@mariozechner/pi-coding-agent", Path: []string{"ExtensionAPI()"}, Node: n, Lit: none}
}

// extensionParam is, for an untyped parameter whose value its call sites
// leave unknown (v), Pi's extension API when it is the first parameter of
// the default export of a file under a folder named `extensions` (Pi
// loads `.pi/extensions/*.js`, `.pi/agent/extensions/*/index.js` and a
// package's `extensions/`, and calls their default export with the API):
// `export default function (pi) { pi.exec('claude', [...]) }` in plain
// JavaScript runs a process as much as its typed twin. Elsewhere an
// untyped parameter's exec is no process API; v.
func (a *analyzer) extensionParam(b *binding, v value) value {
	t := a.t
	if !strings.Contains("/"+a.p.Path, "/extensions/") {
		return v
	}
	fn := t.Nodes[b.name].Parent
	for i := 0; fn != none && i < 3 && t.Nodes[fn].Kind != kFunction && t.Nodes[fn].Kind != kArrow; i++ {
		fn = t.Nodes[fn].Parent
	}
	if fn == none || exportName(t, fn) != "default" && !a.exportedAsDefault(fn) {
		return v
	}
	first := t.Child(fn, fParameter) // `pi => ...`
	if ps := t.Child(fn, fParameters); ps != none {
		first = t.Nodes[ps].First
	}
	if first == none || t.Nodes[b.name].Start < t.Nodes[first].Start || t.Nodes[b.name].End > t.Nodes[first].End {
		return v
	}
	return piAPI(b.name)
}

// patternParam is the value of the whole parameter a destructured name b
// is taken from (`({ exec }: ExtensionAPI) => ...`, or untyped in a Pi
// extension): what its type says (typeValue), else what its place says
// (extensionParam); ok is false when neither says anything.
func (a *analyzer) patternParam(b *binding) (value, bool) {
	t := a.t
	if b.name == none {
		return value{}, false
	}
	unknown := treesitter.Unknown(b.name)
	pat, p := int32(none), t.Nodes[b.name].Parent
	for i := 0; p != none && i < 8; i++ {
		k := t.Nodes[p].Kind
		if k == kRequiredParameter || k == kOptionalParameter {
			break
		}
		if k == kObjectPattern || k == kArrayPattern {
			pat = p
		}
		p = t.Nodes[p].Parent
	}
	if pat == none {
		return value{}, false
	}
	if p != none && (t.Nodes[p].Kind == kRequiredParameter || t.Nodes[p].Kind == kOptionalParameter) && t.Nodes[pat].End < t.Nodes[p].End {
		typ := strings.TrimLeft(string(t.Src[t.Nodes[pat].End:t.Nodes[p].End]), " \t?")
		if typ, ok := strings.CutPrefix(typ, ":"); ok {
			if d := topLevel(typ, "="); d >= 0 && !strings.HasPrefix(typ[d:], "=>") {
				typ = typ[:d]
			}
			if r := a.typeValue(typ, b.name, unknown); r.K != unknown.K || r.Mod != "" || r.Cut {
				return r, true
			}
		}
	}
	if r := a.extensionParam(b, unknown); r.K != unknown.K || r.Mod != "" {
		return r, true
	}
	return value{}, false
}

// exportedAsDefault reports whether function fn is the file's default
// export by its name: `const ext = (pi) => ...; export default ext`, and
// tsc's CommonJS output `exports.default = default_1; function
// default_1(pi) {...}` (review 11).
func (a *analyzer) exportedAsDefault(fn int32) bool {
	t := a.t
	name := t.Child(fn, fName)
	if name == none {
		if p := t.Nodes[fn].Parent; p != none && t.Nodes[p].Kind == kVariableDeclarator {
			name = t.Child(p, fName)
		}
	}
	if name == none || t.Nodes[name].Kind != kIdentifier {
		return false
	}
	if a.defaults == nil {
		a.defaults = map[string]bool{}
		for _, m := range defaultExportRE.FindAllSubmatch(t.Src, -1) {
			a.defaults[string(m[1])] = true
		}
	}
	return a.defaults[t.Text(name)]
}

// defaultExportRE finds a default export by name (exportedAsDefault). A
// name is followed by the end of its statement, so `export default
// ext.x` and `exports.default = make(...)` export no function by name.
var defaultExportRE = regexp.MustCompile(`(?:\bexport\s+default|\bmodule\.exports|\bexports\.default|\bexports\[\s*["']default["']\s*\])\s*=?\s*([A-Za-z_$][\w$]*)\s*(?:[;\n]|$)`)

// typedField is the value of this.name when the file's classes declare
// field name without a value but with a type (`@Inject() private
// runner!: Runner`): what typeValue makes of the type, when that is more
// than unknown (an instance of another module's class, an object of an
// interface, a type past a bound).
func (a *analyzer) typedField(name string) (value, bool) {
	t := a.t
	for _, nm := range a.typedFields[name] {
		f := t.Nodes[nm].Parent
		if f == none || t.Nodes[f].End <= t.Nodes[nm].End {
			continue
		}
		rest := strings.TrimLeft(string(t.Src[t.Nodes[nm].End:t.Nodes[f].End]), " \t!?")
		typ, ok := strings.CutPrefix(rest, ":")
		if !ok {
			continue
		}
		typ = strings.TrimSuffix(strings.TrimSpace(typ), ";")
		if v := a.typeValue(typ, nm, treesitter.Unknown(nm)); v.Mod != "" {
			return v, true
		}
	}
	return value{}, false
}

// typeValue is the value at node n of type text typ (typedInstance): an
// object whose methods run commands when any alternative names one
// (apiTypeRef: Pi's ExtensionAPI), an instance of the one class of
// another module it names, an object of the interfaces or object types it
// names (their members are typed, member), past a bound when typeClass
// reached it, else v.
func (a *analyzer) typeValue(typ string, n int32, v value) value {
	names, cut := a.typeClass(typ, n, 0)
	if cut {
		return typePastBound(n)
	}
	for _, nm := range names {
		if r, ok := a.apiTypeRef(nm, n); ok {
			// one alternative is an object whose methods run commands
			// (`Pick<ExtensionAPI, "exec"> | { exec?: ... }`): the value
			// may be it, and a call of its method is judged as the API's
			return r
		}
	}
	var bodies []string
	for _, nm := range names {
		if strings.HasPrefix(nm, "{") {
			bodies = append(bodies, nm)
		}
	}
	switch {
	case len(bodies) > 0 && len(bodies) == len(names):
		u := treesitter.Unknown(n)
		u.Mod, u.Path = typeObject, bodies
		return u
	case len(names) != 1 || len(bodies) > 0:
		return v
	}
	return a.instanceOf(names[0], n, v)
}

// apiTypeRef is the reference a type name read at node n gives when it
// names, by an import, one of apiTypes (`ExtensionAPI`: "module:Type()"),
// or a member of one by an indexed access type (`ExtensionAPI["exec"]`,
// the method itself).
func (a *analyzer) apiTypeRef(typ string, n int32) (value, bool) {
	var member string
	if i := strings.IndexByte(typ, '['); i > 0 && strings.HasSuffix(typ, "]") {
		m, err := strconv.Unquote(strings.ReplaceAll(strings.TrimSpace(typ[i+1:len(typ)-1]), "'", `"`))
		if err != nil || !isTypeName(m) {
			return value{}, false
		}
		typ, member = strings.TrimSpace(typ[:i]), m
	}
	root, rest, dotted := strings.Cut(typ, ".")
	if !isTypeName(root) || dotted && !isTypeName(rest) {
		return value{}, false
	}
	bs, _, found := a.scopes.Lookup([]byte(root), n)
	if !found || len(bs) != 1 || !bs[0].ref {
		return value{}, false
	}
	path := bs[0].path
	if dotted {
		path = append(slices.Clone(path), rest)
	}
	key := pathKey(path)
	if !apiTypes[bs[0].mod+":"+key] {
		return value{}, false
	}
	r := value{K: vRef, Mod: bs[0].mod, Path: []string{key + "()"}, Node: n, Lit: none}
	if member != "" {
		r.Path = append(r.Path, member)
	}
	return r, true
}

// typeObject is the Mod of typeValue's objects of an interface or object
// type, whose Path holds the bodies (`{ runner: Runner }`).
const typeObject = "type:object"

// typedMember is member name of v, an object of the interfaces or object
// types v.Path holds (typeValue): a value of the type their members of
// that name give it, at node n.
func (a *analyzer) typedMember(v value, name string, n int32) value {
	var types []string
	for _, body := range v.Path {
		types = append(types, a.bodyMembers(body)[name]...)
	}
	if len(types) == 0 {
		return treesitter.Unknown(n)
	}
	return a.typeValue(strings.Join(types, "&"), n, treesitter.Unknown(n))
}

// instanceOf is an instance of the class another module offers under the
// (possibly dotted: `runners.Runner`) name typ read at node n; v when typ
// names no import of a module of the repository.
func (a *analyzer) instanceOf(typ string, n int32, v value) value {
	root, member, dotted := strings.Cut(typ, ".")
	if !isTypeName(root) || dotted && !isTypeName(member) {
		return v
	}
	bs, _, found := a.scopes.Lookup([]byte(root), n)
	if !found || len(bs) != 1 || !bs[0].ref || !local(bs[0].mod) {
		return v
	}
	path := bs[0].path
	if dotted {
		path = append(slices.Clone(path), member)
	}
	u := treesitter.Unknown(n)
	u.Mod, u.Path, u.Obj = bs[0].mod, []string{"new " + pathKey(path)}, n
	return u
}

// typeCut is the Mod of typePastBound's values.
const typeCut = "type:past-bound"

// typePastBound is the value at node n of a parameter whose type's
// aliases reach maxTypeDepth, and of its members (member): past a bound,
// as a callee a helper past one (treesitter.IsDynamicExport), so that a
// method called on it naming a runtime is dynamic, never silently clean.
func typePastBound(n int32) value {
	v := treesitter.FromExport(nil, scanner.Export{Dynamic: true}, n)
	v.Mod = typeCut
	return v
}

func isTypeName(s string) bool {
	return s != "" && strings.IndexFunc(s, func(r rune) bool { return !(r == '_' || r == '$' || unicode.IsLetter(r) || unicode.IsDigit(r)) }) < 0
}

// maxTypeDepth bounds the type aliases and wrappers followed from one
// parameter's type (typeClass): past it the type is past a bound.
const maxTypeDepth = 8

// classWrappers are the utility types whose instances have the methods of
// their first type argument's class (`Readonly<Runner>`, `Pick<Runner,
// 'run'>`).
var classWrappers = map[string]bool{"Readonly": true, "Required": true, "Partial": true, "NonNullable": true, "NoInfer": true, "Awaited": true, "Pick": true, "Omit": true}

// typeClass lists the class names type text typ (read at node n) may be:
// each alternative of a union or an intersection but `undefined` and
// `null`, through the file's type aliases (`type R = Runner`) and the
// wrappers that keep the class's methods (classWrappers); any other form
// gives none. cut says maxTypeDepth was reached (a cycle of aliases too).
func (a *analyzer) typeClass(typ string, n int32, depth int) (names []string, cut bool) {
	if depth > maxTypeDepth {
		return nil, true
	}
	for _, alt := range splitTop(typ, "|&") {
		alt = strings.TrimSpace(alt)
		switch alt {
		case "", "undefined", "null", "void", "never":
			continue
		}
		var got []string
		var c bool
		if alt[0] == '(' && strings.HasSuffix(alt, ")") && topLevel(alt[1:], ")") == len(alt)-2 {
			// (Runner | undefined)
			got, c = a.typeClass(alt[1:len(alt)-1], n, depth+1)
		} else if lt := strings.IndexByte(alt, '<'); lt > 0 && strings.HasSuffix(alt, ">") {
			if !classWrappers[strings.TrimSpace(alt[:lt])] {
				continue // a generic not known to keep the methods
			}
			got, c = a.typeClass(splitTop(alt[lt+1:len(alt)-1], ",")[0], n, depth+1)
		} else if defs := a.typeAlias(alt, n); defs != nil {
			for _, d := range defs {
				g, dc := a.typeClass(d, n, depth+1)
				got, c = append(got, g...), c || dc
			}
		} else {
			got = []string{alt}
		}
		if c {
			return nil, true
		}
		for _, g := range got {
			if !slices.Contains(names, g) {
				names = append(names, g)
			}
		}
	}
	return names, false
}

// typeAlias is what the file's type aliases named name define it as (nil
// when none does, or name is bound otherwise at n: an import).
func (a *analyzer) typeAlias(name string, n int32) []string {
	if !isTypeName(name) || len(a.typeDecls) == 0 {
		return nil
	}
	if a.types == nil {
		a.types = map[string][]string{}
		for _, d := range a.typeDecls {
			k, def, ok := typeDecl(a.t.Text(d))
			if !ok {
				continue
			}
			if k == "interface" {
				// interface H extends B { ... } is B & { ... }
				def[1] = interfaceType(def[1])
			}
			a.types[def[0]] = append(a.types[def[0]], def[1])
		}
	}
	defs := a.types[name]
	if defs == nil {
		return nil
	}
	if _, _, found := a.scopes.Lookup([]byte(name), n); found {
		return nil
	}
	return defs
}

// typeDecl splits the text of a type alias (`type R<T> = Runner;`) or an
// interface (`interface H extends B { runner: Runner }`) into its keyword,
// its name and what follows the name's type parameters (the type, the
// body); ok is false when the text is neither.
func typeDecl(text string) (keyword string, def [2]string, ok bool) {
	keyword, rest, ok := strings.Cut(strings.TrimSpace(text), " ")
	if !ok || keyword != "type" && keyword != "interface" {
		return "", def, false
	}
	rest = strings.TrimSpace(rest)
	end := strings.IndexFunc(rest, func(r rune) bool { return !(r == '_' || r == '$' || unicode.IsLetter(r) || unicode.IsDigit(r)) })
	if end <= 0 {
		return "", def, false
	}
	name, rest := rest[:end], strings.TrimSpace(rest[end:])
	if keyword == "type" {
		if strings.HasPrefix(rest, "<") {
			return "", def, false // a generic alias: its parameters are not put in
		}
		rest, ok = strings.CutPrefix(rest, "=")
		if !ok {
			return "", def, false
		}
		rest = strings.TrimSuffix(strings.TrimSpace(rest), ";")
	}
	return keyword, [2]string{name, rest}, true
}

// bodyMembers are the types of the members of an interface's or object
// type's body (`{ readonly runner?: Runner; n: number }`) by name, read
// once per body.
func (a *analyzer) bodyMembers(body string) map[string][]string {
	if m, ok := a.typeBodies[body]; ok {
		return m
	}
	out := map[string][]string{}
	if len(body) >= 2 && strings.HasSuffix(body, "}") {
		for _, m := range splitTop(body[1:len(body)-1], ";,\n") {
			c := topLevel(m, ":")
			if c < 0 {
				continue
			}
			key := strings.TrimSpace(m[:c])
			key = strings.TrimSuffix(strings.TrimSpace(strings.TrimPrefix(key, "readonly ")), "?")
			out[key] = append(out[key], m[c+1:])
		}
	}
	if a.typeBodies == nil {
		a.typeBodies = map[string]map[string][]string{}
	}
	a.typeBodies[body] = out
	return out
}

// interfaceType is the type an interface's text after its name (`extends
// B, C { ... }`) stands for: `B & C & { ... }` ("" when it has no body).
func interfaceType(rest string) string {
	open := strings.IndexByte(rest, '{')
	if open < 0 {
		return ""
	}
	ext := strings.TrimSpace(rest[:open])
	if bases, ok := strings.CutPrefix(ext, "extends"); ok && bases != "" {
		return strings.Join(splitTop(bases, ","), " & ") + " & " + rest[open:]
	}
	return rest[open:]
}

// splitTop splits type text s at each of the bytes seps outside brackets.
func splitTop(s, seps string) []string {
	var out []string
	depth, from := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '<' || c == '(' || c == '{' || c == '[':
			depth++
		case c == '>' && (i == 0 || s[i-1] != '='), c == ')' || c == '}' || c == ']':
			depth--
		case depth == 0 && strings.IndexByte(seps, c) >= 0:
			out = append(out, s[from:i])
			from = i + 1
		}
	}
	return append(out, s[from:])
}

// topLevel is the index of the first sep in type text s outside brackets
// (-1 when none).
func topLevel(s, sep string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case depth == 0 && strings.HasPrefix(s[i:], sep):
			return i
		case c == '<' || c == '(' || c == '{' || c == '[':
			depth++
		case c == '>' && (i == 0 || s[i-1] != '='), c == ')' || c == '}' || c == ']':
			depth--
		}
	}
	return -1
}

// eachElem is any element of the value a for...of or iteration
// callback's binding b walks (its keys for for...in).
func (a *analyzer) eachElem(b *binding) value {
	v := a.ev.Eval(b.value)
	if b.keys {
		v = a.objectKeys(v, b.name)
	}
	if v.K == vArr {
		if o, ok := eachObject(v.Elems, b.name); ok {
			return o
		}
		if l, ok := a.eachArray(v.Elems, b.name); ok {
			return l
		}
		return treesitter.Union(a.ev.Cfg, v.Elems, b.name)
	}
	if v.K == vRef && local(v.Mod) && !b.keys {
		// for (const t of TOOLS) of another module: any element
		return a.anyEntry(v, b.name)
	}
	return treesitter.Unknown(b.name)
}

// withDefault is a destructured value v with its default d: a known
// value stands, undefined takes the default, and a value found at run
// time (process.env) may be undefined, so the default is its run-time
// fallback (dynamic).
func withDefault(v, d value, n int32) value {
	switch {
	case v.K == vNull:
		return d
	case v.Known() && !v.Env:
		return v
	}
	return treesitter.Fallback(v, d, true, n)
}

// evalParam resolves a parameter of a named function from the calls of
// that function in the file (see Evaluator.Param): the argument at the
// parameter's position.
func (a *analyzer) evalParam(b *binding) value {
	t := a.t
	cb := strings.HasPrefix(b.fn, cbPrefix)
	if (cb || !b.method && !b.rest) && a.ev.Seed {
		a.callbackSites(b.fn, b)
	} else if cb {
		return treesitter.Unknown(b.name)
	}
	return a.ev.Param(b.name, b.fn, b.method, b.def, func(site int32) (value, bool, bool) {
		if cb || a.cbDone[b.fn] {
			if v, found, handled := a.passedAt(site, b); handled {
				return v, found, true
			}
		}
		if an := t.Child(site, fArguments); an != none && t.Nodes[an].Kind == kTemplateString {
			return a.taggedParam(an, b), true, true
		}
		key := b.fn
		if b.method {
			key = "." + key
		}
		// f.bind(thisArg, 'claude'), f.call(thisArg, 'claude'): the
		// arguments after thisArg (those the bound function's calls add
		// are not known here); f.apply(thisArg, CMD): CMD spread
		cs, applied, ok := a.siteArgs(site, key)
		if !ok {
			return value{}, false, false
		}
		if applied != none {
			cs = append(slices.Clone(cs), applied)
		}
		if applied != none || slices.ContainsFunc(cs, func(c int32) bool { return t.Nodes[c].Kind == kSpread }) {
			// runTool(...CMD): the spread array's elements take the
			// positions from there on
			vals, exactTo := treesitter.Spread(cs, a.spreadOfApplied(applied), a.ev.Eval)
			if b.rest {
				return value{K: vArr, Elems: treesitter.SpreadRest(vals, exactTo, b.index), Node: b.name, Lit: none}, true, true
			}
			v, ok := treesitter.SpreadParam(a.ev.Cfg, vals, exactTo, b.index, site)
			if !ok {
				return value{}, false, true
			}
			if b.index >= exactTo && b.def != none {
				// a spread of unknown length may end before the
				// parameter: its default is a possibility too
				v = treesitter.Union(a.ev.Cfg, []value{v, a.ev.Eval(b.def)}, b.name)
			}
			return a.needArg(v), true, true
		}
		j := 0
		var rest []value
		for _, c := range cs {
			if b.rest && j >= b.index {
				rest = append(rest, a.needArg(a.ev.Eval(c)))
			} else if j == b.index {
				return a.needArg(a.ev.Eval(c)), true, true
			}
			j++
		}
		if b.rest {
			return value{K: vArr, Elems: rest, Node: b.name, Lit: none}, true, true
		}
		return value{}, false, true
	})
}

// spreadOf is, for treesitter.Spread, what the spread element c (`...xs`
// among a call's arguments) passes: xs's elements when the evaluator
// knows the array (exact when each is one value), else one unknown (one
// past a bound when xs is: any element may be a runtime).
func (a *analyzer) spreadOf(c int32) (elems []value, exact, isSpread bool) {
	if a.t.Nodes[c].Kind != kSpread {
		return nil, false, false
	}
	x := a.t.Nodes[c].First
	if x == none {
		return []value{treesitter.Unknown(c)}, false, true
	}
	// an array another module gives: phase two reads it (Pass.Needs)
	elems, exact = treesitter.SpreadElems(a.needArg(a.ev.Eval(x)), c)
	return elems, exact, true
}

// spreadOfApplied is spreadOf where node applied (an apply's array that
// is not a literal: indirectOf) is also a spread of its value.
func (a *analyzer) spreadOfApplied(applied int32) func(c int32) (elems []value, exact, isSpread bool) {
	if applied == none {
		return a.spreadOf
	}
	return func(c int32) ([]value, bool, bool) {
		if c != applied {
			return a.spreadOf(c)
		}
		elems, exact := treesitter.SpreadElems(a.needArg(a.ev.Eval(c)), c)
		return elems, exact, true
	}
}

// handedBack is v.name where v is a set of strings with an unknown left
// out (Value.Other), such as what a call the analysis does not model may
// hand back (mayReturnArg: a runtime's name it was given, or an unknown
// made at that call): an object such a call returns may hold the name in
// any property (`lookup("claude").path`, `new Binary("claude").bin`),
// so the member is the same set. A member every string has (`length`,
// `trim`) is read as usual.
func (a *analyzer) handedBack(v value, obj int32, name string, n int32) (value, bool) {
	if stringMembers[name] || !v.Other || v.Env || !a.callNamingRuntime(obj) {
		return value{}, false
	}
	str := false
	for _, p := range v.Possibilities() {
		str = str || p.K == vStr && p.Known()
	}
	if !str {
		return value{}, false
	}
	v.Node, v.Lit = n, none
	return v, true
}

// packageInstanceMember is a member of v, an instance of a package's class
// (`new Binary("claude")` of `bin-wrapper`), which the analysis does not
// model: like a call it does not model (mayReturnArg), the instance may
// hold what its constructor was given, in any property. A class of the
// repository (a relative module, or one the repository phase resolves)
// is read from its summary instead.
func (a *analyzer) packageInstanceMember(v value, n int32) (value, bool) {
	t := a.t
	if len(v.Path) != 1 || !strings.HasPrefix(v.Path[0], "new ") || isRelative(v.Mod) ||
		v.Obj <= 0 || int(v.Obj) >= len(t.Nodes) || t.Nodes[v.Obj].Kind != kNew {
		return value{}, false
	}
	if a.p.Imports != nil {
		if _, _, ok := a.p.Imports.Source(v.Mod); ok {
			return value{}, false
		}
	}
	args := t.Child(v.Obj, fArguments)
	if args == none || t.Nodes[args].Kind != kArguments {
		return value{}, false
	}
	r := a.mayReturnArg(t.Children(args), n)
	return r, r.K == vStr
}

// callNamingRuntime reports whether node o is a call or `new` whose own
// arguments name a runtime (`lookup("claude")`), or a name bound only to
// one: the object handedBack reads a member of. A chain's last call
// given nothing (`yargs(...).option("claude", ...).parseSync()`) is not.
func (a *analyzer) callNamingRuntime(o int32) bool {
	t := a.t
	for o != none && (t.Nodes[o].Kind == kParen || t.Nodes[o].Kind == kAwait || t.Nodes[o].Kind == kAsExpr) {
		o = t.Nodes[o].First
	}
	if o != none && t.Nodes[o].Kind == kIdentifier {
		bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[o].Start:t.Nodes[o].End], o)
		if !ok || len(bs) != 1 || bs[0].value == none || len(bs[0].path) > 0 {
			return false
		}
		o = bs[0].value
		for o != none && (t.Nodes[o].Kind == kParen || t.Nodes[o].Kind == kAwait || t.Nodes[o].Kind == kAsExpr) {
			o = t.Nodes[o].First
		}
	}
	if o == none || t.Nodes[o].Kind != kCall && t.Nodes[o].Kind != kNew {
		return false
	}
	args := t.Child(o, fArguments)
	if args == none {
		return false
	}
	text := t.Src[t.Nodes[args].Start:t.Nodes[args].End]
	return len(text) <= treesitter.MaxArgText*treesitter.MaxArgsRead && a.ev.Cfg.Triggers().Scan(text).Has(scanner.HitRuntime)
}

// destructuredBack is handedBack for a name b destructures one member
// out of value v (`const { path } = lookup("claude")`).
func (a *analyzer) destructuredBack(v value, b *binding) (value, bool) {
	if len(b.path) != 1 || strings.HasPrefix(b.path[0], restFrom) || strings.HasPrefix(b.path[0], computedKey) {
		return value{}, false
	}
	return a.handedBack(v, b.value, b.path[0], b.name)
}

// stringMembers are the properties and methods every string has.
var stringMembers = map[string]bool{
	"length": true, "at": true, "charAt": true, "charCodeAt": true, "codePointAt": true, "concat": true,
	"endsWith": true, "includes": true, "indexOf": true, "lastIndexOf": true, "localeCompare": true,
	"match": true, "matchAll": true, "normalize": true, "padEnd": true, "padStart": true, "repeat": true,
	"replace": true, "replaceAll": true, "search": true, "slice": true, "split": true, "startsWith": true,
	"substring": true, "substr": true, "toLowerCase": true, "toUpperCase": true, "toLocaleLowerCase": true,
	"toLocaleUpperCase": true, "toString": true, "trim": true, "trimStart": true, "trimEnd": true,
	"valueOf": true, "isWellFormed": true, "toWellFormed": true,
}

// member is the value of v.name.
func (a *analyzer) member(v value, name string, n int32) value {
	if v.Cut {
		// a member of a value past a bound is past it too: as a
		// command, a launch of an unknown runtime; as a callee, not
		// the module's export itself (treesitter.IsDynamicExport),
		// unless it is an instance whose type a bound cut: its method
		if v.Mod == typeCut {
			return typePastBound(n)
		}
		return treesitter.CutAt(n)
	}
	if v.K == vUnknown && v.Mod == proxyMod {
		// a member of a Proxy with a get trap: what the trap returns,
		// and an unknown the analysis lost track of
		u := treesitter.Unknown(n)
		u.Mod = proxyMod
		if v.Fn != none {
			if r := a.ev.CallValue(value{K: vFunc, Fn: v.Fn, Node: n, Lit: none}, n); r.K != vUnknown || r.Alt != nil {
				return treesitter.Union(a.ev.Cfg, []value{r, u}, n)
			}
		}
		return u
	}
	if v.K == vUnknown && v.Mod == typeObject {
		// h.runner of `h: HasRunner`: the interface's member's type
		return a.typedMember(v, name, n)
	}
	if v.K == vStr && v.Via == scanner.ClassDynamic && name == "stdout" {
		// spawnSync('which', ['claude']).stdout: the look-up's output,
		// which the call's value already is (evalCall)
		v.Node, v.Lit = n, none
		return v
	}
	switch v.K {
	case vRef:
		switch v.Mod {
		case "process":
			if len(v.Path) == 0 {
				switch name {
				case "execPath", "argv0":
					return treesitter.Str("node", n)
				case "env", "getBuiltinModule":
					return value{K: vRef, Mod: "process", Path: []string{name}, Node: n, Lit: none}
				}
				return treesitter.Unknown(n)
			}
			if len(v.Path) == 1 && v.Path[0] == "env" {
				u := treesitter.Unknown(n)
				u.Env = true
				return a.envValue(name, u, n)
			}
			return treesitter.Unknown(n)
		case "require":
			return value{K: vRef, Mod: "require", Path: treesitter.AppendPath(v.Path, name), Node: n, Lit: none}
		}
		if name == "default" && len(v.Path) == 0 {
			return v
		}
		if k := len(v.Path); k > 0 && v.Path[k-1] == anyList {
			// TOOLS.filter(...)[i]: any element
			if !isIndex(name) && name != scanner.AnyMember {
				u := treesitter.Unknown(n)
				u.Mod = v.Mod
				return u
			}
			v.Path, name = v.Path[:k-1], scanner.AnyMember
		}
		// ns.NAME, require("./x").NAME, config.agent.command: a constant
		// of another file
		path := treesitter.AppendPath(v.Path, name)
		if c, ok := a.importedConst(v.Mod, pathKey(path), n); ok {
			return c
		}
		r := value{K: vRef, Mod: v.Mod, Path: path, Node: n, Lit: none}
		if local(v.Mod) && len(path) > 1 && apiOf(r) == apiNone {
			// env.AGENT_BIN of another module's value it holds no
			// constant for (`z.object({...}).parse(process.env)`): a key
			// a file of the repository gives a value (a data file's, a
			// declared default, Summary.Keys) may be it
			if d := a.dataKey(treesitter.Unknown(n), name, n); d.K != vUnknown {
				return d
			}
		}
		return r
	case vObj:
		if p, ok := a.prop(v, name); ok {
			return p
		}
	case vArr:
		if local(v.Mod) && len(v.Path) == 1 && strings.HasSuffix(v.Path[0], "()") && !strings.HasPrefix(name, "#") && name != "length" && !isIndex(name) {
			// createCore(opts).tasks of another module's function whose
			// return reads its parameters (builtFromArgs, read as an
			// array of the arguments): a member no array has says the
			// result is no such array, so it is read as any imported
			// call's result is, `createCore().tasks`
			// (repo_factory_options_member_of_result.txtar)
			u := treesitter.Unknown(n)
			u.Mod, u.Path = v.Mod, v.Path
			return a.member(u, name, n)
		}
		if !strings.HasPrefix(name, "#") && name != "length" {
			// Object.fromEntries(pairs).key
			return treesitter.MapGet(a.ev.Cfg, v, treesitter.Str(name, n), n)
		}
		return treesitter.Elem(v, name, n)
	case vStr:
		if c, ok := contentsRead(v, name, n); ok {
			return c
		}
		if treesitter.IsDynamicExport(v) {
			// a member of another module's name past a bound (X[0]):
			// as unknown as the name
			return treesitter.FromExport(a.ev.Cfg, scanner.Export{Dynamic: true}, n)
		}
		if v.Other && !v.Env {
			// strings and an unknown (what an unmodelled call was
			// handed, mayReturnArg): the unknown's member, as any
			// unknown's (an instance's field, a command-line option)
			return a.member(treesitter.Unknown(n), name, n)
		}
		if a.p.Imports != nil && !v.Env && !stringMembers[name] && !isIndex(name) {
			// a member no string has, of a value that is strings only
			// as far as the analysis reads it (another module's
			// `z.object({...}).parse(process.env)`, summarized as the
			// strings it was handed): a key a file of the repository
			// gives a value may be it (dataKey)
			if d := a.dataKey(treesitter.Unknown(n), name, n); d.K != vUnknown {
				return d
			}
		}
	case vUnknown, vFunc:
		if v.K == vFunc && name == "name" && v.Fn != none {
			// claude.name: the function's name, as the source writes it
			if s, ok := a.fnName(v.Fn); ok {
				return treesitter.Str(s, n)
			}
		}
		// const r = new Runner(); r.bin: an instance not known statically
		// has the fields, getters and methods the file gives any instance
		if v.Env {
			break
		}
		attr := a.instanceAttr(name, n)
		if v.K == vUnknown && local(v.Mod) && attr.K == vUnknown {
			// getSpec().command: a member of what an imported function
			// returns
			path := treesitter.AppendPath(v.Path, name)
			if c, ok := a.importedConst(v.Mod, pathKey(path), n); ok {
				return c
			}
			if cls, ok := strings.CutPrefix(path[0], "new "); ok && len(path) > 1 {
				// new Cfg().agent.bin: the class's field with a value
				// (offered as Cfg.agent.bin)
				if c, ok := a.importedConst(v.Mod, pathKey(append([]string{cls}, path[1:]...)), n); ok {
					return c
				}
			}
			attr.Mod, attr.Path, attr.Obj = v.Mod, path, v.Obj
			if r, ok := a.packageInstanceMember(v, n); ok {
				return r
			}
		}
		if opts := a.optionValues(name, n); len(opts) > 0 {
			// program.opts().agent, argv.bin: also what a command-line
			// option of that name may hold (its default, its choices)
			return treesitter.Union(a.ev.Cfg, append(opts, attr), n)
		}
		if attr.K == vUnknown && !attr.Cut {
			// nothing of the file sets it: a document read at run time
			// may hold it
			return a.dataKey(attr, name, n)
		}
		return attr
	}
	return treesitter.Unknown(n)
}

// dataKey is v, the value of member name of a value the analysis cannot
// follow (`cfg.bin`, `cfg["bin"]` of `JSON.parse(readFileSync(...))`: a
// document read at run time), with what the repository's data files hold
// under that key (Imports.Key) as further possibilities, in phase two.
func (a *analyzer) dataKey(v value, name string, n int32) value {
	if a.p.Imports == nil || name == "" || strings.HasPrefix(name, "#") || name == scanner.AnyMember {
		return v
	}
	e, ok := a.p.Imports.Key(name)
	if !ok {
		return v
	}
	a.useStep(scanner.Step{File: e.File, Line: e.At.Line, Column: e.At.Column, Note: fmt.Sprintf("`%s` given a value in another file", name)})
	return treesitter.Union(a.ev.Cfg, []value{v, treesitter.FromExport(a.ev.Cfg, e, n)}, n)
}

// envValue is process.env[name] read at n, whose value without the
// file's own settings is read: the values the file sets for that name
// (process.env.X = v) are possibilities too.
func (a *analyzer) envValue(name string, read value, n int32) value {
	vals := []value{read}
	for _, s := range a.envSets {
		if k := a.envSetKey(s); k != "" && k != name {
			continue
		}
		if v, ok := a.envSetValue(s); ok {
			vals = append(vals, v)
		}
	}
	if in, ok := strings.CutPrefix(name, "INPUT_"); ok && in != "" {
		// a JavaScript action's input as the runner hands it
		// (process.env.INPUT_TOOL, what core.getInput reads): its
		// default in the action's metadata, as core.getInput's
		if v := a.actionInput(in, n); v.K != vUnknown {
			vals = append(vals, v)
		}
	}
	if a.p.Imports != nil {
		// set by another file of the repository (the environment is the
		// process's)
		if e, ok := a.p.Imports.Env(name); ok {
			a.useStep(scanner.Step{File: e.File, Line: e.At.Line, Column: e.At.Column, Note: fmt.Sprintf("`%s` set in the environment", name)})
			vals = append(vals, treesitter.FromExport(a.ev.Cfg, e, n))
		}
	}
	if len(vals) == 1 {
		return read
	}
	return treesitter.Union(a.ev.Cfg, vals, n)
}

// envSetValue is the value assignment s to the environment sets
// (process.env.PATH = `/x:${process.env.PATH}`), worked out once. A
// read of the variable inside its own assignment is the value it had
// before: the run-time value and the file's other assignments, not this
// one again (false while s is being worked out), so the value is the
// text with the previous value as its own part, never a nest of itself.
// Every assignment's text is still a possibility of every read.
func (a *analyzer) envSetValue(s int32) (value, bool) {
	if v, ok := a.envSetVals[s]; ok {
		return v, true
	}
	if a.envBusy[s] {
		return value{}, false
	}
	if a.envBusy == nil {
		a.envBusy, a.envSetVals = map[int32]bool{}, map[int32]value{}
	}
	a.envBusy[s] = true
	v := a.ev.Tracked(a.ev.Eval(a.t.Child(s, fRight)))
	delete(a.envBusy, s)
	if a.ev.Budget.Keep(s) {
		a.envSetVals[s] = v
	}
	return v, true
}

// envSetKey is the variable an assignment to the environment s sets
// (`process.env.X = v`, `process.env["X"] = v`), "" when not known.
func (a *analyzer) envSetKey(s int32) string {
	t := a.t
	l := t.Child(s, fLeft)
	if t.Nodes[l].Kind == kMember {
		if p := t.Child(l, fProperty); p != none {
			return t.Text(p)
		}
		return ""
	}
	if kv := a.ev.Eval(t.Child(l, fIndex)); kv.Known() && kv.Alt == nil {
		return kv.S
	}
	return ""
}

// instanceAttr is field name of an instance (this.x, r.x): the class
// fields and assignments of that name, else the method (a getter's
// return value).
func (a *analyzer) instanceAttr(name string, n int32) value {
	v := a.ev.Attr(name, a.thisAttrs[name], n)
	if v.K == vFunc && v.Fn != none && a.isGetter(v.Fn) {
		return a.ev.ReturnValue(v.Fn, n)
	}
	return v
}

// importedBase is the class of another module of the repository that
// the class around node n extends (`class Runner extends AgentBase`,
// AgentBase imported), as the reference its import gives.
func (a *analyzer) importedBase(n int32) (value, bool) {
	t := a.t
	c := n
	for k := 0; c != none && t.Nodes[c].Kind != kClassDecl; k++ {
		if k > treesitter.MaxEvalDepth {
			return value{}, false
		}
		c = t.Nodes[c].Parent
	}
	if c == none {
		return value{}, false
	}
	nm, body := t.Child(c, fName), t.Child(c, fBody)
	if nm == none || body == none {
		return value{}, false
	}
	for j := nm + 1; j < body; j++ {
		if k := t.Nodes[j].Kind; k == kIdentifier || k == kMember {
			v := a.ev.Eval(j)
			if v.K == vRef && local(v.Mod) && len(v.Path) > 0 && apiOf(v) == apiNone {
				return v, true
			}
			return value{}, false
		}
	}
	return value{}, false
}

// isGetter reports whether method fn is a getter (`get path() {...}`).
func (a *analyzer) isGetter(fn int32) bool {
	t := a.t
	nm := t.Child(fn, fName)
	if nm == none {
		return false
	}
	head := strings.Fields(string(t.Src[t.Nodes[fn].Start:t.Nodes[nm].Start]))
	return len(head) > 0 && head[len(head)-1] == "get"
}

// evalNew is the value of `new C(...)`: an instance of a class whose
// methods run commands (ssh2's Client) is the reference "mod:C()"; a Map
// or Set is the list of its entries; any other instance is unknown (its
// fields are read through instanceAttr).
func (a *analyzer) evalNew(n int32) value {
	t := a.t
	c := t.Child(n, fConstructor)
	if c == none {
		return treesitter.Unknown(n)
	}
	var arg0 value
	if args := t.Child(n, fArguments); args != none && t.Nodes[args].First != none {
		arg0 = a.ev.Eval(t.Nodes[args].First)
	} else {
		arg0 = value{K: vArr, Node: n, Lit: none}
	}
	if t.Nodes[c].Kind == kIdentifier && !a.scopes.Bound([]byte(t.Text(c))) {
		switch t.Text(c) {
		case "Array":
			// new Array() and new Array(3) are empty; new Array("x")
			// holds "x"
			if _, err := strconv.Atoi(arg0.S); arg0.K == vStr && err != nil {
				return value{K: vArr, Elems: []value{arg0}, Node: n, Lit: none}
			}
			return value{K: vArr, Node: n, Lit: none}
		case "Proxy":
			// new Proxy(cp, {}): the target, whose members a handler
			// with no get trap hands on as they are
			if args := t.Children(t.Child(n, fArguments)); len(args) == 2 && !a.hasGetTrap(args[1]) {
				return arg0
			} else if len(args) == 2 {
				// a get trap: every member read is what the trap may
				// return (its function, kept in Fn), or a value the
				// analysis lost track of (a trap it cannot read)
				u := treesitter.Unknown(n)
				u.Mod = proxyMod
				if get, ok := a.prop(a.ev.Eval(args[1]), "get"); ok && get.K == vFunc && get.Alt == nil {
					u.Fn = get.Fn
				}
				return u
			}
		case "Promise":
			// new Promise((resolve) => resolve(x)): what then and await
			// read is x
			if args := t.Child(n, fArguments); args != none && t.Nodes[args].First != none {
				if v, ok := a.resolvedWith(t.Nodes[args].First, n); ok {
					return v
				}
			}
		case "URL":
			// new URL("../node_modules/.bin/claude", import.meta.url):
			// a process API runs the file a URL names, so the URL is
			// the path it was given, relative to a base not read here
			if arg0.K == vStr {
				arg0.Node, arg0.Lit = n, none
				return arg0
			}
		case "String":
			// new String(x): x's text
			if arg0.K == vStr {
				arg0.Node, arg0.Lit = n, none
				return arg0
			}
		case "Map", "WeakMap", "Set", "WeakSet":
			if arg0.K == vArr {
				arg0.Node, arg0.Lit = n, none
				return arg0
			}
			return value{K: vArr, Node: n, Lit: none, Elems: []value{treesitter.Unknown(n)}}
		}
	}
	cv := a.ev.Eval(c)
	if cv.K != vRef && a.p.Imports != nil {
		// new AgentRunner(...) of `class AgentRunner extends Runner {}`
		// with no constructor of its own: the base's instance (its
		// methods too, an over-approximation of any override)
		if b, ok := a.inheritedCtor(c); ok {
			cv = b
		}
	}
	if cv.K == vRef && local(cv.Mod) {
		// an instance of another module's class: its methods may be
		// helpers (judgeHelper), with this `new` expression's arguments
		u := treesitter.Unknown(n)
		u.Mod, u.Path, u.Obj = cv.Mod, []string{"new " + pathKey(cv.Path)}, n
		return u
	}
	if cv.K == vRef && len(cv.Path) > 0 {
		key := cv.Mod + ":" + strings.Join(cv.Path, ".")
		if constructors[key] {
			p := append(append([]string{}, cv.Path[:len(cv.Path)-1]...), cv.Path[len(cv.Path)-1]+"()")
			return value{K: vRef, Mod: cv.Mod, Path: p, Node: n, Lit: none}
		}
	}
	if args := t.Child(n, fArguments); cv.K == vRef && args != none && t.Nodes[args].Kind == kArguments {
		// an instance of a global's or a package's class the analysis
		// does not model may be (or hold) what it was given (a class of
		// the file is read as an instance: its fields, its methods)
		return a.mayReturnArg(t.Children(args), n)
	}
	return treesitter.Unknown(n)
}

// prop looks a property up in an object literal (last definition wins,
// spreads of resolvable objects included); a property the file sets on
// the object after constructing it (`options.permissionMode = ...`) is a
// possibility too.
func (a *analyzer) prop(v value, name string) (value, bool) {
	if v.Alt == nil {
		p, ok := a.ev.PropSet(v, name, a.setsOn)
		return a.assignedFrom(v, name, p, ok)
	}
	// any of several object literals (eachObject): the property of each
	var vals []value
	cut := false
	for _, o := range v.Possibilities() {
		cut = cut || o.Via == scanner.ClassDynamic
		if p, ok := a.ev.PropSet(o, name, a.setsOn); ok {
			vals = append(vals, p)
		}
	}
	if len(vals) == 0 {
		return value{}, false
	}
	return a.ev.Tracked(treesitter.UnionPast(a.ev.Cfg, vals, cut, vals[0].Node)), true
}

// assignedFrom is property name of object v, p (found: ok), with what
// the sources of `Object.assign(v, SRC)` that are no object literal of
// the file give it: SRC's member, another module's constant in the
// repository phase (`Object.assign(opts, DEFAULTS)` with DEFAULTS
// imported). A member not known there adds nothing.
func (a *analyzer) assignedFrom(v value, name string, p value, ok bool) (value, bool) {
	if v.K != vObj || v.Obj == none {
		return p, ok
	}
	a.setsOn(v.Obj)
	srcs := a.assignSrcs[v.Obj]
	if len(srcs) == 0 {
		return p, ok
	}
	if a.p.Imports == nil {
		// read in the repository phase, with the sources' modules
		a.ev.Unread = true
		return p, ok
	}
	vals := []value{}
	if ok {
		vals = append(vals, p)
	}
	for _, src := range srcs {
		m := a.member(a.ev.Eval(src), name, src)
		if m.K == vStr || m.K == vArr || m.K == vObj {
			vals = append(vals, m)
		}
	}
	if len(vals) == 0 {
		return p, ok
	}
	return a.ev.Tracked(treesitter.Union(a.ev.Cfg, vals, vals[0].Node)), true
}

// eachObject is an element of a list whose elements are object literals
// (`for (const s of STEPS)`, `STEPS.forEach(s => ...)`): any of them, the
// objects chained as possibilities, whose property is that of each (see
// prop). Past 4*MaxPossibilities objects the rest are not read and the
// first is marked (Via dynamic), so every property read is dynamic: the
// bound is reported. It is false when an element is not an object.
// eachArray is any element of a list whose elements are all lists (the
// pairs of Object.entries, tuples): a list whose place i is any of the
// elements' places i, an unknown where one of them is shorter, so
// `for (const [k, v] of Object.entries(o))` reads each value
// (object_entries_destructured.ts).
func (a *analyzer) eachArray(elems []value, n int32) (value, bool) {
	if len(elems) < 2 || len(elems) > 4*treesitter.MaxPossibilities {
		// past the bound the lists stay one union, as before: any
		// element of any of them (an over-approximation, not silence)
		return value{}, false
	}
	width := 0
	for _, e := range elems {
		if e.K != vArr || e.Alt != nil || len(e.Elems) > maxTupleWidth {
			return value{}, false
		}
		width = max(width, len(e.Elems))
	}
	out := value{K: vArr, Node: n, Lit: none}
	for i := range width {
		var at []value
		for _, e := range elems {
			if i < len(e.Elems) {
				at = append(at, e.Elems[i])
			} else {
				at = append(at, treesitter.Unknown(n))
			}
		}
		out.Elems = append(out.Elems, treesitter.Union(a.ev.Cfg, at, n))
	}
	return out, true
}

// maxTupleWidth bounds the places of a list eachArray reads place by
// place: a longer one is a list, not a tuple.
const maxTupleWidth = 16

func eachObject(elems []value, n int32) (value, bool) {
	if len(elems) < 2 {
		return value{}, false
	}
	for _, e := range elems {
		if e.K != vObj || e.Obj == none || e.Alt != nil {
			return value{}, false
		}
	}
	keep := elems
	if len(keep) > 4*treesitter.MaxPossibilities {
		keep = keep[:4*treesitter.MaxPossibilities]
	}
	out := keep[len(keep)-1]
	for i := len(keep) - 2; i >= 0; i-- {
		o, next := keep[i], out
		o.Alt = &next
		out = o
	}
	if len(keep) < len(elems) {
		out.Via = scanner.ClassDynamic
	}
	out.Node = n
	return out, true
}

// setsOn indexes the assignments `x.name = value` whose x is the object
// literal obj, by name. Built once per file, on first use.
func (a *analyzer) setsOn(obj int32) map[string][]int32 {
	t := a.t
	if a.setsOf == nil {
		a.setsOf = map[int32]map[string][]int32{}
		// on is the index of the object a set's target holds, if any
		on := func(target int32) map[string][]int32 {
			ov := a.evalIdent(target)
			if ov.K != vObj || ov.Obj == none {
				return nil
			}
			m := a.setsOf[ov.Obj]
			if m == nil {
				m = map[string][]int32{}
				a.setsOf[ov.Obj] = m
			}
			return m
		}
		for _, s := range a.sets {
			l := t.Child(s, fLeft)
			o := t.Child(l, fObject)
			var names []string
			if t.Nodes[l].Kind == kSubscript {
				names = treesitter.SetKeys(a.ev.Eval(t.Child(l, fIndex)))
			} else {
				p := t.Child(l, fProperty)
				if p == none {
					continue
				}
				names = []string{t.Text(p)}
			}
			if o == none {
				continue
			}
			if m := on(o); m != nil {
				// the value set: the right side, or for `+=` the whole
				// assignment (the property's value joined with it)
				v := t.Child(s, fRight)
				if t.Nodes[s].Kind == kAugmentedAssignment && a.ev.Op(s) == "+=" {
					v = s
				}
				for _, name := range names {
					m[name] = append(m[name], v)
				}
			}
		}
		// Object.assign(o, {bin: 'claude'}): sets on o too
		for _, call := range a.objAssigns {
			args := t.Children(t.Child(call, fArguments))
			if len(args) < 2 || t.Nodes[args[0]].Kind != kIdentifier {
				continue
			}
			m := on(args[0])
			if m == nil {
				continue
			}
			for _, src := range args[1:] {
				if t.Nodes[src].Kind == kIdentifier {
					// Object.assign(o, DEFAULTS): the members of the
					// object literal the name holds
					if sv := a.evalIdent(src); sv.K == vObj && sv.Obj != none && t.Nodes[sv.Obj].Kind == kObject {
						src = sv.Obj
					}
				}
				if t.Nodes[src].Kind != kObject {
					if t.Nodes[src].Kind == kIdentifier || t.Nodes[src].Kind == kMember {
						// Object.assign(o, DEFAULTS) of another module's
						// object: its members, read at each property
						// (assignedFrom)
						ov := a.evalIdent(args[0])
						if a.assignSrcs == nil {
							a.assignSrcs = map[int32][]int32{}
						}
						a.assignSrcs[ov.Obj] = append(a.assignSrcs[ov.Obj], src)
					}
					continue
				}
				for c := t.Nodes[src].First; c != none; c = t.Nodes[c].Next {
					if k := t.Child(c, fKey); t.Nodes[c].Kind == kPair && k != none {
						m[propName(t, k)] = append(m[propName(t, k)], t.Child(c, fValue))
					}
				}
			}
		}
	}
	return a.setsOf[obj]
}

// setValues are the values the file sets on object obj after
// constructing it, under any name.
func (a *analyzer) setValues(obj int32) []value {
	return a.ev.SetValues(obj, a.setsOn)
}

// anyEntry is the value of v[k] for a key k not known statically: any
// element of a list, any value of an object literal or enum.
func (a *analyzer) anyEntry(v value, n int32) value {
	if v.Cut {
		// a member of a value past a bound is past it too: as a
		// command, a launch of an unknown runtime; as a callee, not
		// the module's export itself (treesitter.IsDynamicExport),
		// unless it is an instance whose type a bound cut: its method
		if v.Mod == typeCut {
			return typePastBound(n)
		}
		return treesitter.CutAt(n)
	}
	t := a.t
	var vals []value
	switch v.K {
	case vRef:
		if local(v.Mod) {
			// AGENTS[kind] of another module: any of its members
			return a.member(v, scanner.AnyMember, n)
		}
		if len(v.Path) == 0 || v.Path[len(v.Path)-1] != anyAPIMember {
			if hasAPIUnder(v.Mod, v.Path) {
				// cp[k] of a process module: any of its APIs
				return value{K: vRef, Mod: v.Mod, Path: treesitter.AppendPath(v.Path, anyAPIMember), Node: n, Lit: none}
			}
		}
	case vArr:
		vals = v.Elems
	case vObj:
		if v.Obj == none {
			break
		}
		for c := t.Nodes[v.Obj].First; c != none && len(vals) <= 4*treesitter.MaxPossibilities; c = t.Nodes[c].Next {
			switch t.Nodes[c].Kind {
			case kPair, kEnumAssignment:
				vals = append(vals, a.ev.Eval(t.Child(c, fValue)))
			}
		}
		vals = append(vals, a.setValues(v.Obj)...)
	}
	return a.ev.Tracked(treesitter.Union(a.ev.Cfg, vals, n))
}

// anyList ends the path of a reference to an array of another module's
// elements in an order not known (`TOOLS.filter(...)`): an index of it
// is any element (scanner.AnyMember).
const anyList = "*[]"

// pickMethods are the array methods that return one element, not known
// which (`TOOLS.find(...)`), and sameMethods those that return an array
// of its elements in an order not known (anyList).
var (
	pickMethods = map[string]bool{"find": true, "findLast": true, "at": true, "pop": true, "shift": true}
	sameMethods = map[string]bool{"filter": true, "slice": true, "toSorted": true, "toReversed": true, "sort": true, "reverse": true, "values": true}
)

// importedList is any element of o, a name imported from a module of
// the repository (`import { QUEUE } from "./state"`), read at n as a
// member under the name is: with the writes other files make into it.
func (a *analyzer) importedList(o int32, n int32) (value, bool) {
	t := a.t
	if o == none || t.Nodes[o].Kind != kIdentifier {
		return value{}, false
	}
	bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[o].Start:t.Nodes[o].End], o)
	if !ok || len(bs) != 1 || !bs[0].ref || !isRelative(bs[0].mod) {
		return value{}, false
	}
	ref := value{K: vRef, Mod: bs[0].mod, Path: bs[0].path, Node: n, Lit: none}
	return a.member(ref, scanner.AnyMember, n), true
}

// importedCall is the value at node n of a call of callee, a function of
// another module: the constant its result is; for an array method of an
// exported value (`TOOLS.find(...)`, `TOOLS.filter(...)[0]`), any element.
func (a *analyzer) importedCall(callee value, n int32) value {
	k := len(callee.Path)
	if k < 2 || !pickMethods[callee.Path[k-1]] && !sameMethods[callee.Path[k-1]] {
		return a.importedResult(callee, n)
	}
	if c, ok := a.importedConst(callee.Mod, pathKey(callee.Path)+"()", n); ok {
		return c // a method of an exported object that returns a constant
	}
	obj := value{K: vRef, Mod: callee.Mod, Path: callee.Path[:k-1], Node: n, Lit: none}
	if j := len(obj.Path); obj.Path[j-1] == anyList {
		obj.Path = obj.Path[:j-1]
	}
	if sameMethods[callee.Path[k-1]] {
		obj.Path = treesitter.AppendPath(obj.Path, anyList)
		return obj
	}
	return a.anyEntry(obj, n)
}

// isIndex reports whether a member name is an array index (`0`, `#0`).
func isIndex(name string) bool {
	_, err := strconv.Atoi(strings.TrimPrefix(name, "#"))
	return err == nil
}

// Entry reads one member of an object literal for key name.
func (a *analyzer) Entry(c int32, name string) (value, bool, bool) {
	t := a.t
	switch t.Nodes[c].Kind {
	case kPair:
		if k := t.Child(c, fKey); k != none && propName(t, k) == name {
			return a.ev.Eval(t.Child(c, fValue)), true, false
		}
	case kEnumAssignment:
		if k := t.Child(c, fName); k != none && propName(t, k) == name {
			return a.ev.Eval(t.Child(c, fValue)), true, false
		}
	case kShorthandProperty:
		if t.Is(c, name) {
			// {shell} is {shell: shell}
			return a.evalIdent(c), true, false
		}
	case kFunction:
		// { review(p) { return [...] } }: the method; a getter's value
		// is what it returns
		if k := t.Child(c, fName); k != none && propName(t, k) == name {
			if a.isGetter(c) {
				return a.ev.ReturnValue(c, c), true, false
			}
			return treesitter.FuncAt(c), true, false
		}
	case kSpread, kIdentifier, kMember, kObject, kCall, kSubscript, kParen, kAsExpr:
		src := c
		if t.Nodes[c].Kind == kSpread {
			src = t.Nodes[c].First
		} else if p := t.Nodes[c].Parent; p == none || t.Nodes[p].Kind != kArguments {
			break
		}
		// a spread, or an argument of Object.assign (an object whose
		// entries are its arguments, see methodCall)
		w := a.ev.Eval(src)
		if w.K == vRef && local(w.Mod) {
			// {...DEFAULTS, ...opts}: DEFAULTS of another module
			// gives its member
			if m, ok := a.importedConst(w.Mod, pathKey(treesitter.AppendPath(w.Path, name)), c); ok {
				return m, true, false
			}
			a.needArg(w) // known in the repository phase
		}
		return w, false, true
	}
	return value{}, false, false
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
	if len(argv) > 0 && t.Nodes[fn].Kind == kIdentifier && t.Is(fn, "await") && !a.scopes.Bound([]byte("await")) {
		// `await (0, cp.execFile)(...)`, as tsc emits it, parses as a
		// call of a function named await: the awaited value is its
		// parenthesized expression's, the last of a sequence
		return a.ev.Eval(argv[len(argv)-1])
	}
	if len(argv) > 0 && t.Nodes[fn].Kind == kIdentifier && interopHelpers[t.Text(fn)] {
		// __importDefault(require("x")): the module, whose default
		// export `.default` reads, whatever the helper's body
		return a.ev.Eval(argv[0])
	}
	if len(argv) > 0 && a.configIdentity(fn) {
		// export default defineConfig({...}): the configuration given,
		// or what the function given returns
		v := a.ev.Eval(argv[0])
		if v.K == vFunc && v.Fn != none {
			return a.ev.ReturnValue(v.Fn, n)
		}
		return v
	}
	arg0 := func() value {
		if len(argv) == 0 {
			return treesitter.Unknown(n)
		}
		return a.ev.Eval(argv[0])
	}
	if t.Nodes[fn].Kind == kImport {
		return requiredModule(arg0(), n)
	}
	if m, ok := a.indirectRequire(n, fn, arg0); ok {
		return requiredModule(m, n)
	}
	if args != none && t.Nodes[args].Kind == kTemplateString && t.Is(fn, "String.raw") {
		return a.evalTemplate(args)
	}
	if v, ok := a.renderCall(n, fn, argv); ok {
		// nunjucks.render("job.sh.njk", cfg), Handlebars.compile(src)(cfg)
		return v
	}
	// The receiver of a method call is evaluated once: the method's
	// model and the callee's value (its member) both read it, and
	// evaluating it twice doubled the work at each link of a chain
	// (`s.replace(a, b).replace(c, d)...`: 2^18 steps for 18 links).
	var recv *value
	recvOf := func() value {
		if recv == nil {
			v := a.ev.Eval(t.Child(fn, fObject))
			recv = &v
		}
		return *recv
	}
	if t.Nodes[fn].Kind == kMember {
		if p := t.Child(fn, fProperty); p != none {
			name := t.Text(p)
			if (name == "join" || name == "resolve") && len(argv) > 1 && t.Is(argv[0], "__dirname") {
				if v := recvOf(); v.K == vRef && len(v.Path) == 0 {
					if p, ok := a.besideModule(value{K: vRef, Mod: v.Mod, Path: []string{name}}, argv, n); ok {
						return p
					}
				}
			}
			if v, ok := a.methodCall(fn, name, argv, n, recvOf); ok {
				return v
			}
			if name == "join" || name == "concat" {
				v := recvOf()
				if v.K == vArr {
					if name == "concat" {
						for _, c := range argv {
							w := a.ev.Eval(c)
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
						if s := a.ev.Eval(argv[0]); s.Known() {
							sep = s.S
						}
					}
					return treesitter.JoinValues(v.Elems, sep, n)
				}
			}
		}
	}
	callee := a.calleeOf(fn, recv)
	if len(argv) > 1 && t.Is(argv[0], "__dirname") {
		if p, ok := a.besideModule(callee, argv, n); ok {
			// join(__dirname, ...) of `const { join } = require("path")`
			return p
		}
	}
	if callee.K == vFunc {
		if v, ok := a.yielded(callee.Fn, n); ok {
			return v
		}
		return a.ev.CallValue(callee, n)
	}
	if callee.K == vUnknown && local(callee.Mod) && len(callee.Path) > 0 {
		// new Runner().build() of another module: what the method returns
		return a.orLoaded(a.importedResult(callee, n), argv, arg0, n)
	}
	if callee.K != vRef {
		return a.loadedByName(argv, arg0, n)
	}
	if callee.Mod == "@actions/core" && len(callee.Path) == 1 && (callee.Path[0] == "getInput" || callee.Path[0] == "getMultilineInput") {
		// a JavaScript action's input: its default in action.yml
		if m := arg0(); m.Known() && m.Alt == nil {
			return a.actionInput(m.S, n)
		}
		return treesitter.Unknown(n)
	}
	if local(callee.Mod) {
		// a function of another module or package whose result is not
		// known may be a loader too (`lazy("child_process")`, jiti, an
		// `import-from`, a module's own `load(name)`)
		return a.orLoaded(a.importedCall(callee, n), argv, arg0, n)
	}
	if callee.Mod == "deno" && len(callee.Path) == 1 && callee.Path[0] == "execPath" {
		return treesitter.Str("deno", n)
	}
	if callee.Mod == "process" && len(callee.Path) == 1 && callee.Path[0] == "getBuiltinModule" {
		// Node 22's process.getBuiltinModule('node:child_process'): a require
		return requiredModule(arg0(), n)
	}
	if callee.Mod == "require" {
		switch {
		case len(callee.Path) == 0:
			return requiredModule(arg0(), n)
		case len(callee.Path) == 1 && callee.Path[0] == "resolve":
			if m := arg0(); m.Known() {
				return treesitter.Str(unknownPart+"/node_modules/"+m.S, n)
			}
		}
		return treesitter.Unknown(n)
	}
	if callee.Mod == "module" && len(callee.Path) == 1 && callee.Path[0] == "createRequire" {
		// const require = createRequire(import.meta.url): a require
		return value{K: vRef, Mod: "require", Node: n, Lit: none}
	}
	api := apiOf(callee)
	switch api {
	case apiWhich:
		if m := arg0(); m.Known() {
			return treesitter.DynamicStr(m.S, n)
		}
	case apiPromisify:
		v := arg0()
		v.Node = n
		return v
	case apiNone:
		if callee.Mod == "require" || len(callee.Path) != 1 {
			break
		}
		if op, ok := strFuncs[callee.Path[0]]; ok && callee.Mod == "#global" {
			return treesitter.StrMethod(op, arg0(), nil, n)
		}
		if callee.Mod == "#global" && callee.Path[0] == "structuredClone" {
			// a deep copy: the same value
			v := arg0()
			v.Node = n
			return v
		}
	case apiBasename:
		return treesitter.Basename(arg0(), n)
	case apiPathJoin:
		var parts []value
		for _, c := range argv {
			parts = append(parts, a.ev.Eval(c))
		}
		return treesitter.JoinValues(parts, "/", n)
	case apiShell:
		// execSync('which claude') is a look-up whose result is a path.
		if m := arg0(); m.Known() {
			if sm := treesitter.LookupRE.FindStringSubmatch(m.S); sm != nil {
				return treesitter.DynamicStr(sm[1], n)
			}
		}
	case apiSpawn, apiExeca:
		if api == apiExeca && len(argv) == 1 && t.Nodes[argv[0]].Kind == kObject {
			// execa({opts}) returns execa with options bound (execa 9).
			return callee
		}
		if m := arg0(); m.Known() && (m.S == "which" || m.S == "command") && len(argv) > 1 {
			if l := a.ev.Eval(argv[1]); l.K == vArr && len(l.Elems) > 0 {
				last := l.Elems[len(l.Elems)-1]
				if last.Known() {
					return treesitter.DynamicStr(last.S, n)
				}
			}
		}
		if r, ok := results[callee.Mod+":"+strings.Join(callee.Path, ".")]; ok {
			// x('ls'): a process whose .pipe(...) starts another
			return value{K: vRef, Mod: callee.Mod, Path: r, Node: n, Lit: none}
		}
	case apiZx, apiExecaTemplate, apiBunShell:
		// $({opts}) returns the same tag with options bound.
		return callee
	case apiTerminal:
		// a terminal, whose sendText types a shell line into it
		if r, ok := results[callee.Mod+":"+strings.Join(callee.Path, ".")]; ok {
			return value{K: vRef, Mod: callee.Mod, Path: r, Node: n, Lit: none}
		}
	}
	if api == apiNone {
		return a.loadedByName(argv, arg0, n)
	}
	return treesitter.Unknown(n)
}

// loadedByName is the result of call n of a function the analysis does
// not model (or of another module, whose result is not known), handed
// argv: the process module when an argument may be that module's name
// (`eval("require")("child_process")`, a package's loader,
// `importFrom(dir, "child_process")`, `module.constructor._load(...)`),
// for a loader needs no name to load it; else unknown. Only a file whose
// text names the module pays for evaluating an argument.
func (a *analyzer) loadedByName(argv []int32, arg0 func() value, n int32) value {
	if len(argv) == 0 {
		return treesitter.Unknown(n)
	}
	if !a.namesProcessModule() {
		return a.mayReturnArg(argv, n)
	}
	t := a.t
	for i, arg := range argv {
		// The first argument is evaluated when it writes the name or is
		// a name (`load(NAME)`), a later one when it writes the name
		// (`importFrom(dir, "child_process")`): evaluating every argument
		// of every such call cost a bundle its nesting bound.
		writes := bytes.Contains(t.Src[t.Nodes[arg].Start:t.Nodes[arg].End], []byte("child_process"))
		if !writes && (i > 0 || t.Nodes[arg].Kind != kIdentifier) {
			continue
		}
		v := arg0()
		if i > 0 {
			v = a.ev.Eval(arg)
		}
		for _, p := range v.Possibilities() {
			if p.Known() && normModule(p.S) == "child_process" {
				return value{K: vRef, Mod: "child_process", Node: n, Lit: none}
			}
		}
	}
	return a.mayReturnArg(argv, n)
}

// mayReturnArg is the result of call n of a function the analysis does
// not model, handed argv: unknown, or any argument whose text names a
// runtime, which it may hand back (treesitter.Evaluator.MayReturnArg;
// unmodelled_call_of_runtime.js).
func (a *analyzer) mayReturnArg(argv []int32, n int32) value {
	return a.ev.MayReturnArg(a.p.Hits.Has(scanner.HitRuntime), argv, n, a.leafStrings)
}

// proxyMod marks the value of a Proxy with a get trap, and of a member
// read through it (member): a value the analysis lost track of.
const proxyMod = "proxy:get"

// hasGetTrap reports whether a Proxy's handler h may trap reads: it is
// not an object literal, or it has a get (or a computed, or a spread)
// member.
func (a *analyzer) hasGetTrap(h int32) bool {
	t := a.t
	v := a.ev.Eval(h)
	if v.K != vObj || v.Obj == none || v.Alt != nil {
		return true
	}
	for c := t.Nodes[v.Obj].First; c != none; c = t.Nodes[c].Next {
		switch t.Nodes[c].Kind {
		case kPair, kFunction:
			k := t.Child(c, fKey)
			if k == none {
				k = t.Child(c, fName)
			}
			if k == none || t.Nodes[k].Kind != kPropertyIdentifier && t.Nodes[k].Kind != kString || strings.Trim(t.Text(k), `"'`) == "get" {
				return true
			}
		default:
			if t.Nodes[c].Kind != kComment {
				return true
			}
		}
	}
	return false
}

// leafStrings is every string an object holds, however deep in its
// objects and lists (`{agent: {command: "claude"}}`), as one union at n:
// what a function the analysis does not model may hand back of it
// (mayReturnArg), or an unknown. At most 4*MaxPossibilities values are
// read; past that the value is past a bound (treesitter.UnionPast).
func (a *analyzer) leafStrings(v value, n int32) value {
	t := a.t
	var strs []value
	work := []value{v}
	read := 0
	for len(work) > 0 && read <= 4*treesitter.MaxPossibilities {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		read++
		for _, p := range x.Possibilities() {
			switch p.K {
			case vStr:
				strs = append(strs, p)
			case vArr:
				work = append(work, p.Elems...)
			case vObj:
				if p.Obj == none {
					continue
				}
				for c := t.Nodes[p.Obj].First; c != none; c = t.Nodes[c].Next {
					if k := t.Nodes[c].Kind; k == kPair || k == kEnumAssignment {
						work = append(work, a.ev.Eval(t.Child(c, fValue)))
					}
				}
				work = append(work, a.setValues(p.Obj)...)
			}
		}
	}
	if len(work) > 0 {
		return treesitter.UnionPast(a.ev.Cfg, strs, true, n)
	}
	return treesitter.Union(a.ev.Cfg, append(strs, treesitter.Unknown(n)), n)
}

// orLoaded is r, the result of call n of another module's function,
// unless r is not known and the call may load the process module
// (loadedByName): then that module.
func (a *analyzer) orLoaded(r value, argv []int32, arg0 func() value, n int32) value {
	if r.K != vUnknown || r.Cut {
		return r
	}
	if l := a.loadedByName(argv, arg0, n); l.K != vUnknown {
		// the process module, or an argument naming a runtime that the
		// function may hand back (mayReturnArg)
		return l
	}
	return r
}

// namesProcessModule reports whether the file's text holds the process
// module's name (loadedByName), read once.
func (a *analyzer) namesProcessModule() bool {
	if a.cpNamed == 0 {
		a.cpNamed = 1
		if bytes.Contains(a.t.Src, []byte("child_process")) {
			a.cpNamed = 2
		}
	}
	return a.cpNamed == 2
}

// calleeOf is the value of a call's callee fn, as Eval gives it, from
// the receiver already evaluated (recv, when not nil) for a member
// callee: the member of it, unless `this.x` or a global's member.
func (a *analyzer) calleeOf(fn int32, recv *value) value {
	t := a.t
	if recv == nil || t.Nodes[fn].Kind != kMember {
		return a.ev.Eval(fn)
	}
	p, o := t.Child(fn, fProperty), t.Child(fn, fObject)
	if p == none || o == none || t.Nodes[o].Kind == kThis {
		return a.ev.Eval(fn)
	}
	if g, ok := a.globalMember(o, t.Text(p), fn); ok {
		return g
	}
	return a.member(*recv, t.Text(p), fn)
}

// interopHelpers are the module-interop helpers compilers and bundlers
// emit around require (tsc, Babel, esbuild, SWC): each gives the module
// it is handed (its default export as `.default`). A function of the
// file by one of these names is read the same way, whatever it does: an
// over-approximation.
var interopHelpers = map[string]bool{
	"__importDefault": true, "__importStar": true, "__toESM": true, "__toCommonJS": true,
	"_interopRequireDefault": true, "_interopRequireWildcard": true, "_interop_require_default": true,
	"_interop_require_wildcard": true,
}

// methodCall is the value of recv.name(args) for the methods of strings,
// arrays and the built-in objects the evaluator models; ok is false for
// any other call.
func (a *analyzer) methodCall(fn int32, name string, argv []int32, n int32, recvOf func() value) (value, bool) {
	t := a.t
	obj := t.Child(fn, fObject)
	args := func() []value {
		var out []value
		for _, c := range argv {
			out = append(out, a.ev.Eval(c))
		}
		return out
	}
	arg := func(i int) value {
		if i < len(argv) {
			return a.ev.Eval(argv[i])
		}
		return treesitter.Unknown(n)
	}
	if obj == none {
		return value{}, false
	}
	if t.Nodes[obj].Kind == kIdentifier && !a.scopes.Bound([]byte(t.Text(obj))) {
		switch t.Text(obj) + "." + name {
		case "String.fromCharCode", "String.fromCodePoint":
			return treesitter.StrFromCodes(args(), n), true
		case "Object.keys", "Object.getOwnPropertyNames", "Reflect.ownKeys":
			return a.objectKeys(arg(0), n), true
		case "Object.values":
			return a.objectList(arg(0), false, n), true
		case "Object.entries":
			return a.objectList(arg(0), true, n), true
		case "Promise.resolve", "Promise.allSettled":
			// what the promise gives (then, await): the value, the list
			return arg(0), true
		case "Promise.race", "Promise.any":
			if v := arg(0); v.K == vArr {
				return treesitter.Union(a.ev.Cfg, v.Elems, n), true
			}
		case "Object.freeze", "Object.seal", "Object.preventExtensions":
			// Object.freeze({ bin: 'claude' }): the same object
			return arg(0), true
		case "Object.assign":
			// Object.assign({}, DEFAULTS, {cwd}): an object whose entries
			// are its arguments spread in order (Entry), a later one
			// winning, as `{...{}, ...DEFAULTS, ...{cwd}}`
			if len(argv) > 0 {
				return value{K: vObj, Obj: t.Nodes[argv[0]].Parent, Node: n, Lit: none}, true
			}
		case "JSON.parse":
			// JSON.parse(JSON.stringify(x)): a deep copy of x
			if len(argv) > 0 && t.Nodes[argv[0]].Kind == kCall {
				if f := t.Child(argv[0], fFunction); f != none && t.Is(f, "JSON.stringify") {
					if in := t.Child(argv[0], fArguments); in != none && t.Nodes[in].First != none {
						return a.ev.Eval(t.Nodes[in].First), true
					}
				}
			}
			// JSON.parse('"claude"'): the string the text spells
			if v := arg(0); v.Known() && v.Alt == nil && len(v.S) <= treesitter.MaxArgText {
				var s string
				if json.Unmarshal([]byte(v.S), &s) == nil {
					return treesitter.Str(s, n), true
				}
				// JSON.parse('{"bin": "claude"}'): an object or a list
				// whose members are any of the strings it holds, keys
				// too (Object.keys), or what the text does not spell
				if parts, ok := treesitter.JSONStrings(a.ev.Cfg, v.S, n); ok {
					return parts, true
				}
			}
		case "Object.fromEntries", "Array.from", "Array.of":
			if name == "of" {
				return value{K: vArr, Elems: args(), Node: n, Lit: none}, true
			}
			v := arg(0)
			if v.K == vStr {
				return treesitter.Chars(v, n), true
			}
			if name == "from" && len(argv) > 1 && v.K == vArr {
				// Array.from(xs, f) is xs.map(f)
				if m, ok := a.mapList(v, arg(1), true, n); ok {
					return m, true
				}
			}
			if name == "from" && len(argv) > 1 && (v.K == vRef || v.K == vUnknown) {
				if m, ok := a.mapUnread(arg(1), n); ok {
					return m, true
				}
			}
			return v, true
		case "Promise.all":
			// await Promise.all(xs): the values of xs's promises, each
			// the value an await of it gives
			return arg(0), true
		case "Reflect.get":
			// Reflect.get(o, "k") is o.k; o's member by a key not known
			// statically is any of them (cp's: any of its APIs)
			if k := arg(1); k.Known() && k.Alt == nil && k.Via != scanner.ClassDynamic {
				return a.member(arg(0), k.S, n), true
			}
			return a.anyEntry(arg(0), n), true
		case "Buffer.from":
			// Buffer.from(s, "base64"|"hex"): decoded by toString()
			v, enc := arg(0), arg(1)
			switch {
			case enc.Known() && enc.S == "base64" || enc.Known() && enc.S == "base64url":
				return treesitter.StrMethod(treesitter.StrBase64, v, nil, n), true
			case enc.Known() && enc.S == "hex":
				return treesitter.StrMethod(treesitter.StrHex, v, nil, n), true
			case v.K == vArr:
				return treesitter.StrFromCodes(v.Elems, n), true
			}
			return v, true
		}
	}
	if name == "join" || name == "concat" && recvOf().K == vArr {
		return value{}, false
	}
	recv := recvOf()
	if name == "get" && recv.K == vRef && recv.Alt == nil && local(recv.Mod) && len(recv.Path) > 0 && apiOf(recv) == apiNone && a.p.Imports != nil {
		// MAP.get(k) of a Map another module declares and others fill
		// (`TOOLS.set('agent', 'claude')`, Summary.Writes): any entry
		if m := a.member(recv, scanner.AnyMember, n); m.K != vUnknown && m.K != vRef || m.Alt != nil {
			return m, true
		}
	}
	if pickMethods[name] && a.p.Imports != nil {
		if m, ok := a.importedList(t.Child(fn, fObject), n); ok {
			// QUEUE.shift() of another module's list: any element, its
			// declared ones and those any file writes (Summary.Writes),
			// as QUEUE[0] reads them
			return m, true
		}
	}
	switch recv.K {
	case vStr:
		if c, ok := contentsRead(recv, name, n); ok {
			return c, true
		}
		if name == "split" {
			if sep := arg(0); sep.Known() {
				return treesitter.Split(recv, sep.S, n), true
			}
			return value{K: vArr, Elems: []value{recv}, Node: n, Lit: none}, true
		}
		return treesitter.StrMethod(strMethods[name], recv, args(), n), true
	case vArr:
		switch name {
		case "reverse", "toReversed":
			return treesitter.Reverse(recv, n), true
		case "shift":
			if len(recv.Elems) > 0 {
				return recv.Elems[0], true
			}
		case "pop", "at":
			if name == "at" {
				if i, err := strconv.Atoi(arg(0).S); err == nil && arg(0).Known() && i >= 0 && i < len(recv.Elems) {
					return recv.Elems[i], true
				}
			}
			if len(recv.Elems) > 0 {
				return recv.Elems[len(recv.Elems)-1], true
			}
		case "get":
			// a Map's entries
			return treesitter.MapGet(a.ev.Cfg, recv, arg(0), n), true
		case "splice":
			// the elements taken off: recv[i:i+k], else any of them
			out := recv
			out.Node, out.Lit = n, none
			i, err1 := strconv.Atoi(arg(0).S)
			k, err2 := strconv.Atoi(arg(1).S)
			if err1 == nil && err2 == nil && arg(0).Known() && arg(1).Known() && i >= 0 && k >= 0 && i+k <= len(recv.Elems) {
				out.Elems = recv.Elems[i : i+k]
			}
			return out, true
		case "slice":
			out := recv
			out.Node, out.Lit = n, none
			if i, err := strconv.Atoi(arg(0).S); err == nil && arg(0).Known() && i >= 0 && i <= len(recv.Elems) && len(argv) == 1 {
				out.Elems = recv.Elems[i:]
			}
			return out, true
		case "values":
			recv.Node, recv.Lit = n, none
			return recv, true
		case "sort", "toSorted":
			// a permutation not known: each place may hold any element
			return anyOrder(a.ev.Cfg, recv, n), true
		case "flat":
			// the nested lists' elements in their place, to the depth
			// asked (Infinity: flatBound levels)
			depth := 1
			if d := arg(0); len(argv) > 0 {
				depth = flatBound
				if i, err := strconv.Atoi(d.S); err == nil && d.Known() && i >= 0 && i < flatBound {
					depth = i
				}
			}
			return flatten(recv, depth, n), true
		case "reduce", "reduceRight":
			if v, ok := a.reduceConcat(recv, argv, name == "reduceRight", n); ok {
				return v, true
			}
		case "find", "findLast":
			return treesitter.Union(a.ev.Cfg, recv.Elems, n), true
		case "filter":
			if len(argv) > 0 {
				if kept, ok := a.filterKnown(recv, argv[0], n); ok {
					return kept, true
				}
			}
			// the elements kept move up: a place may hold any element (a
			// union per place, of those from it on, cost a long list's
			// square)
			return anyOrder(a.ev.Cfg, recv, n), true
		case "toSpliced":
			// elements taken out and others put in: any place any of them
			return anyOrder(a.ev.Cfg, value{K: vArr, Elems: append(slices.Clone(recv.Elems), args()[min(2, len(argv)):]...)}, n), true
		case "map", "flatMap":
			if v, ok := a.mapList(recv, arg(0), name == "map", n); ok {
				return v, true
			}
		}
	case vFunc, vRef, vUnknown:
		if recv.K == vUnknown && recv.Env && recv.Alt == nil && name == "split" {
			// an environment variable's words (`process.env.EDITOR
			// .split(" ")`): each is the environment's, as the whole
			return value{K: vArr, Elems: []value{recv}, Node: n, Lit: none}, true
		}
		if name == "bind" && recv.K != vUnknown {
			// f.bind(x) is f
			recv.Node, recv.Lit = n, none
			return recv, true
		}
		if name == "map" && recv.K != vFunc && len(argv) > 0 {
			// names.map(require) over a list not read here (another
			// module's, one built at run time): its elements may be
			// the process module
			if v, ok := a.mapUnread(arg(0), n); ok {
				return v, true
			}
		}
	}
	return value{}, false
}

// objectKeys is Object.keys of object literal v (and the keys of a
// for...in over it): the names of its properties and methods, those the
// file sets on it afterwards, an unknown for a spread or a key computed
// to no known value, and an unknown for anything but an object literal
// (an array's indices name nothing).
func (a *analyzer) objectKeys(v value, n int32) value {
	t := a.t
	if v.K != vObj || v.Obj == none {
		return treesitter.Unknown(n)
	}
	out := value{K: vArr, Node: n, Lit: none}
	for c := t.Nodes[v.Obj].First; c != none && len(out.Elems) <= 4*treesitter.MaxPossibilities; c = t.Nodes[c].Next {
		switch t.Nodes[c].Kind {
		case kPair:
			out.Elems = append(out.Elems, a.keyValue(t.Child(c, fKey), n))
		case kFunction:
			if k := t.Child(c, fName); k != none {
				out.Elems = append(out.Elems, a.keyValue(k, n))
			}
		case kShorthandProperty:
			out.Elems = append(out.Elems, treesitter.Str(t.Text(c), n))
		case kSpread:
			out.Elems = append(out.Elems, treesitter.Unknown(c))
		}
	}
	names := make([]string, 0, len(a.setsOn(v.Obj)))
	for name := range a.setsOn(v.Obj) {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if name == treesitter.AnyProp {
			// a key set by a name not known: any
			out.Elems = append(out.Elems, treesitter.Unknown(n))
			continue
		}
		out.Elems = append(out.Elems, treesitter.Str(name, n))
	}
	return out
}

// keyValue is the name a property key k gives: its text, a string's
// value, or the value of a computed key (`[BIN]: 1`).
func (a *analyzer) keyValue(k int32, n int32) value {
	t := a.t
	if k == none {
		return treesitter.Unknown(n)
	}
	if t.Nodes[k].Kind == kString {
		return treesitter.Str(propName(t, k), n)
	}
	if txt := t.Text(k); strings.HasPrefix(txt, "[") {
		if e := t.Nodes[k].First; e != none {
			return a.ev.Eval(e)
		}
		return treesitter.Unknown(k)
	}
	return treesitter.Str(t.Text(k), n)
}

// objectList is Object.values (or entries) of object literal v.
func (a *analyzer) objectList(v value, entries bool, n int32) value {
	t := a.t
	out := value{K: vArr, Node: n, Lit: none}
	if v.K == vRef && local(v.Mod) {
		// Object.values(AGENTS) of another module: any of its members
		any := value{K: vRef, Mod: v.Mod, Path: treesitter.AppendPath(v.Path, anyList), Node: n, Lit: none}
		if !entries {
			return any
		}
		// Object.entries: a list of [key, member], the key unknown and
		// the member any of them
		pair := value{K: vArr, Elems: []value{treesitter.Unknown(n), a.member(any, scanner.AnyMember, n)}, Node: n, Lit: none}
		return value{K: vArr, Elems: []value{pair}, Node: n, Lit: none}
	}
	if v.K != vObj || v.Obj == none {
		return treesitter.Unknown(n)
	}
	for c := t.Nodes[v.Obj].First; c != none; c = t.Nodes[c].Next {
		if t.Nodes[c].Kind != kPair {
			continue
		}
		val := a.ev.Eval(t.Child(c, fValue))
		if entries {
			val = value{K: vArr, Elems: []value{treesitter.Str(propName(t, t.Child(c, fKey)), n), val}, Node: n, Lit: none}
		}
		out.Elems = append(out.Elems, val)
	}
	return out
}

// Body is what a call of fn evaluates: an arrow's expression body, or the
// return statements of its block.
func (a *analyzer) Body(fn int32) (int32, bool) {
	body := a.t.Child(fn, fBody)
	return body, body != none && a.t.Nodes[body].Kind != kStatementBlock
}

// fnName is the name function node fn has at run time (Function.name):
// its own (`function claude() {}`, a class's), else the name of the
// variable it is written to (`const claude = () => {}`).
func (a *analyzer) fnName(fn int32) (string, bool) {
	t := a.t
	if nm := t.Child(fn, fName); nm != none {
		return t.Text(nm), true
	}
	if p := t.Nodes[fn].Parent; p != none && t.Nodes[p].Kind == kVariableDeclarator && t.Child(p, fValue) == fn {
		if nm := t.Child(p, fName); nm != none && t.Nodes[nm].Kind == kIdentifier {
			return t.Text(nm), true
		}
	}
	return "", false
}

// configIdentity reports whether fn is a package's configuration helper
// that returns the configuration it is given (`defineConfig` of Vite,
// Vitest, Astro, tsup and many tools; `defineNuxtConfig`): a name
// `define...Config` imported from a package (not a file of the
// repository, whose body is read instead) or not bound in the file.
func (a *analyzer) configIdentity(fn int32) bool {
	t := a.t
	if t.Nodes[fn].Kind != kIdentifier {
		return false
	}
	name := t.Text(fn)
	if !strings.HasPrefix(name, "define") || !strings.HasSuffix(name, "Config") {
		return false
	}
	bs, _, found := a.scopes.Lookup(t.Src[t.Nodes[fn].Start:t.Nodes[fn].End], fn)
	if !found {
		return true
	}
	return len(bs) == 1 && bs[0].ref && bs[0].mod != "" && !isRelative(bs[0].mod) && !strings.HasPrefix(bs[0].mod, "/")
}
