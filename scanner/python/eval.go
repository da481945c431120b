package python

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

// Expr is the value of expression n in the Python node kinds; an item of
// a container is also what other files write into it (sharedItem).
func (a *analyzer) Expr(n int32) value {
	v := a.expr(n)
	if a.p.Imports != nil && a.t.Nodes[n].Kind == kSubscript {
		v = a.sharedItem(v, n)
	}
	return v
}

func (a *analyzer) expr(n int32) value {
	t := a.t
	switch t.Nodes[n].Kind {
	case kString:
		return a.evalString(n)
	case kConcatenatedString:
		var parts []value
		for c := t.Nodes[n].First; c != none; c = t.Nodes[c].Next {
			parts = append(parts, a.evalString(c))
		}
		if len(parts) == 0 {
			return treesitter.Unknown(n)
		}
		out := parts[0]
		if len(parts) > 1 {
			out = treesitter.ConcatAll(parts, n)
		}
		out.Node = n
		if out.Lit == none {
			out.Lit = t.Nodes[n].First
		}
		return out
	case kInteger, kFloat:
		return treesitter.Str(t.Text(n), n)
	case kUnary:
		// -1 (a slice's step, an index from the end)
		if arg := t.Child(n, fArgument); arg != none && t.Nodes[arg].Kind == kInteger && strings.HasPrefix(t.Text(n), "-") {
			return treesitter.Str("-"+t.Text(arg), n)
		}
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
			if len(a.selfAttrs[t.Text(at)]) == 0 {
				if v, ok := a.baseAttr(n, t.Text(at)); ok {
					return v
				}
			}
			v := a.ev.Attr(t.Text(at), a.selfAttrs[t.Text(at)], n)
			return a.ev.Tracked(a.sharedValue(a.mutated(v, "self."+t.Text(at), n), []string{a.ownModule()}, t.Text(at), n))
		}
		if o := t.Child(n, fObject); o != none && t.Nodes[o].Kind == kIdentifier && t.Is(o, "cls") {
			// cls.argv in a classmethod: a subclass's, or what another
			// file writes to it
			v := a.member(a.ev.Eval(o), t.Text(at), n)
			return a.sharedValue(v, []string{a.ownModule()}, t.Text(at), n)
		}
		if t.Is(at, "value") {
			if v, ok := a.enumValue(t.Child(n, fObject), n); ok {
				return v
			}
		}
		obj := a.ev.Eval(t.Child(n, fObject))
		if r, ok := a.handedBack(obj, t.Child(n, fObject), n); ok {
			return r
		}
		return a.member(obj, t.Text(at), n)
	case kSubscript:
		obj := a.ev.Eval(t.Child(n, fValue))
		sub := t.Child(n, fSubscript)
		if sub != none && t.Nodes[sub].Kind != kSlice {
			if r, ok := a.handedBack(obj, t.Child(n, fValue), n); ok {
				return r
			}
		}
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
			if name := a.ev.Eval(sub); name.K == vStr {
				return value{K: vCmd, Elems: []value{name}, Node: n, Lit: none}
			}
			return treesitter.Unknown(n)
		}
		if obj.Cut {
			return a.member(obj, "", n) // an entry of a value past a bound is past it too
		}
		if sub != none && t.Nodes[sub].Kind == kSlice {
			return a.slice(obj, sub, n)
		}
		idx := a.ev.Eval(sub)
		if o := t.Child(n, fValue); o != none && t.Nodes[o].Kind == kCall {
			// globals()[name]: the module's own namespace
			if fn := t.Child(o, fFunction); fn != none && t.Nodes[fn].Kind == kIdentifier && t.Is(fn, "globals") && !a.bound(fn) {
				return a.globalsItem(idx, n)
			}
		}
		if obj.K == vRef && obj.Mod == "os" && len(obj.Path) == 1 && obj.Path[0] == "environ" && (!idx.Known() || idx.Alt != nil) {
			return a.envValue(idx, treesitter.Unknown(n), n)
		}
		if idx.MaybeOther() || idx.Alt != nil {
			// BINS[k] with a key not known statically: any entry
			return a.anyEntry(obj, n)
		}
		if obj.K == vArr {
			if i, ok := intOfValue(idx); ok && i < 0 {
				return a.fromEnd(obj, i, n)
			}
			return a.member(obj, "#"+idx.S, n)
		}
		if obj.K == vRef && obj.Mod == "os" && len(obj.Path) == 1 && obj.Path[0] == "environ" {
			return a.envValue(idx, treesitter.Unknown(n), n)
		}
		if obj.K == vObj {
			if v, ok := a.prop(obj, idx.S); ok {
				return v
			}
		}
		if obj.K == vRef && apiOf(obj) == apiNone && !strings.HasPrefix(obj.Mod, "#") && len(obj.Path) > 0 {
			// settings.AGENT["cmd"]: an entry of another module's value
			return a.member(obj, idx.S, n)
		}
		if (obj.K == vUnknown || obj.K == vStr && obj.Other) && !obj.Env {
			// an entry of a value not followed (or of strings and such
			// a value: a data file's key read on): a document read at
			// run time may hold it
			return a.dataKey(treesitter.Unknown(n), idx.S, n)
		}
		return treesitter.Unknown(n)
	case kCall:
		return a.evalCall(n)
	case kParen, kAwait:
		v := a.ev.Eval(t.Nodes[n].First)
		v.Node = n
		return v
	case kNamedExpression:
		return a.ev.Eval(t.Child(n, fValue))
	case kBinary:
		return a.evalBinary(n)
	case kBoolean:
		op := t.Child(n, fOperator)
		if op == none || !t.Is(op, "or") {
			return treesitter.Unknown(n)
		}
		l := a.ev.Eval(t.Child(n, fLeft))
		r := a.ev.Eval(t.Child(n, fRight))
		return treesitter.Fallback(l, r, false, n)
	case kConditional:
		c := t.Nodes[n].First
		if c == none {
			return treesitter.Unknown(n)
		}
		cond := t.Nodes[c].Next
		if cond == none || t.Nodes[cond].Next == none {
			return treesitter.Unknown(n)
		}
		return treesitter.Either(a.ev.Cfg, a.ev.Eval(c), a.ev.Eval(t.Nodes[cond].Next), n, vArr)
	case kList, kTuple, kExpressionList:
		return a.ev.List(n, kListSplat)
	case kComprehension:
		return a.comprehension(n)
	case kDictionary, kDictComprehension:
		// a dict comprehension, `{k: [k, "-p"] for k in NAMES}`, is a
		// dict of its one pair, read with the loop variable any element
		// (Entry)
		return treesitter.ObjectAt(n)
	case kLambda, kFunction:
		return treesitter.FuncAt(n)
	}
	return treesitter.Unknown(n)
}

// evalString evaluates a string literal, f-strings included: constant parts
// are known, interpolations are evaluated.
func (a *analyzer) evalString(n int32) value {
	t := a.t
	if t.Nodes[n].Kind != kString {
		return a.ev.Eval(n)
	}
	prefix := ""
	out := value{K: vStr, Node: n, Lit: n}
	subs := 0
	for c := t.Nodes[n].First; c != none; c = t.Nodes[c].Next {
		switch t.Nodes[c].Kind {
		case kStringStart:
			prefix = strings.ToLower(strings.TrimRight(t.Text(c), `"'`))
		case kStringContent:
			s := stringContent(prefix, t.Text(c))
			out.S += s
			out.Sh += s
			out.AnyKnown = true
		case kInterpolation:
			subs++
			v := a.ev.Eval(t.Child(c, fExpression))
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
	switch a.ev.Op(n) {
	case "+":
		l, r := a.ev.Operands(n)
		return plus(l, r, n)
	case "/":
		// pathlib: Path(dir) / "claude"
		l, r := a.ev.Operands(n)
		if l.K == vStr || r.K == vStr {
			return treesitter.JoinValues([]value{l, r}, "/", n)
		}
	case "|":
		l, r := a.ev.Operands(n)
		if l.K == vObj && (r.K == vObj || r.K == vRef) || l.K == vRef && r.K == vObj {
			// BASE | {"cwd": ...}: a merge, read as an object whose
			// entries are its operands' (Entry), the right one's last
			return value{K: vObj, Obj: n, Node: n, Lit: none}
		}
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
	case ">", "<", ">>":
		if l := a.ev.Eval(t.Child(n, fLeft)); isCmd(l) {
			return l
		}
	case "%":
		// "claude %s" % x: the format's constant text.
		l := a.ev.Eval(t.Child(n, fLeft))
		if l.Known() && l.Alt == nil && strings.Contains(l.S, "%") {
			// "%s" % "claude", "%s%s" % ("cla", "ude"): the arguments in
			// order, when known
			r := a.ev.Eval(t.Child(n, fRight))
			vals := []value{r}
			if r.K == vArr {
				vals = r.Elems
			}
			i, ok := 0, true
			out := percentRE.ReplaceAllStringFunc(l.S, func(string) string {
				if i >= len(vals) || !vals[i].Known() || vals[i].Alt != nil {
					ok = false
					return ""
				}
				i++
				return vals[i-1].S
			})
			if ok && (r.K == vStr || r.K == vArr) {
				v := treesitter.Str(strings.ReplaceAll(out, "%%", "%"), n)
				v.Composite = true
				return v
			}
		}
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

// plus is l + r at node n: lists joined, strings concatenated.
func plus(l, r value, n int32) value {
	if l.K == vArr && r.K == vArr {
		return value{K: vArr, Elems: append(append([]value{}, l.Elems...), r.Elems...), Node: n, Lit: none}
	}
	if l.K == vArr && r.K == vUnknown {
		// ["claude"] + args: the tail is unknown
		return value{K: vArr, Elems: append(append([]value{}, l.Elems...), treesitter.Unknown(r.Node)), Node: n, Lit: none}
	}
	if l.K == vStr && r.K == vArr && l.Via != "" {
		// AGENTS[key] + [prompt], AGENTS another module's dict: a
		// string and a list do not add, so the string is a list the
		// summary holds as its strings (a member matched by any key,
		// scanner.AnyMember), any of them the program
		return value{K: vArr, Elems: append([]value{l}, r.Elems...), Node: n, Lit: none}
	}
	if l.K == vArr && r.K == vStr && r.Via != "" {
		// ["env"] + AGENTS[key]: the same on the right
		return value{K: vArr, Elems: append(append([]value{}, l.Elems...), r), Node: n, Lit: none}
	}
	if l.K == vStr || r.K == vStr {
		return treesitter.Concat(l, r, n)
	}
	return treesitter.Unknown(n)
}

// maxReduce bounds the elements functools.reduce folds, and maxFoldDepth
// the operators of the folding function's body read around its two
// parameters; past either the value is past a bound (dynamic).
const (
	maxReduce    = 4 * treesitter.MaxPossibilities
	maxFoldDepth = 16
)

// reduce is functools.reduce(f, xs, init) at node n: the elements of the
// known list (or string) xs folded from the left by f, when f adds its
// two arguments (operator.add or operator.concat) or is a lambda or a
// function of the file returning an expression of `+` over its two
// parameters and other values (`lambda a, b: a + " " + b`). Any other f,
// or xs not known, is unknown.
func (a *analyzer) reduce(pos []int32, n int32) value {
	if len(pos) < 2 || len(pos) > 3 {
		return treesitter.Unknown(n)
	}
	xs := a.ev.Eval(pos[1])
	if xs.K == vStr && xs.Known() && xs.Alt == nil {
		xs = treesitter.Chars(xs, n)
	}
	if xs.K != vArr || xs.Alt != nil {
		return treesitter.Unknown(n)
	}
	if len(xs.Elems) > maxReduce {
		return treesitter.CutAt(n)
	}
	// step folds one element into the accumulator
	var step func(acc, x value) value
	switch f := a.ev.Eval(pos[0]); {
	case f.K == vRef && f.Mod == "operator" && len(f.Path) == 1 && (f.Path[0] == "add" || f.Path[0] == "concat" || f.Path[0] == "iadd" || f.Path[0] == "iconcat"):
		step = func(acc, x value) value { return plus(acc, x, n) }
	case f.K == vFunc && f.Fn != none && f.Alt == nil:
		body, params, ok := a.folder(f.Fn)
		if !ok {
			return treesitter.Unknown(n)
		}
		step = func(acc, x value) value { return a.fold(body, params, acc, x, 0) }
	default:
		return treesitter.Unknown(n)
	}
	elems := xs.Elems
	var acc value
	if len(pos) == 3 {
		acc = a.ev.Eval(pos[2])
	} else if len(elems) > 0 {
		acc, elems = elems[0], elems[1:]
	} else {
		return treesitter.Unknown(n)
	}
	for _, x := range elems {
		acc = step(acc, x)
	}
	if acc.K == vUnknown && !acc.Cut {
		return treesitter.Unknown(n)
	}
	acc.Node, acc.Lit = n, none
	return a.ev.Tracked(acc)
}

// mapped is what map's function f makes of element e, at n: for a lambda
// of one parameter whose body is the parameter, or a method of the str
// type called on it with no argument (`lambda x: x.strip()`), that
// value; else the element or an unknown, which the element's name is
// judged on (treesitter.Evaluator.MayReturnArg).
func (a *analyzer) mapped(f, e value, n int32) value {
	t := a.t
	if f.K == vFunc && f.Alt == nil && f.Fn != none && t.Nodes[f.Fn].Kind == kLambda {
		if ps := t.Child(f.Fn, fParameters); ps != none {
			if p := t.Nodes[ps].First; p != none && t.Nodes[p].Next == none && t.Nodes[p].Kind == kIdentifier {
				param := t.Text(p)
				body := t.Child(f.Fn, fBody)
				for body != none && t.Nodes[body].Kind == kParen {
					body = t.Nodes[body].First
				}
				switch {
				case body != none && t.Nodes[body].Kind == kIdentifier && t.Text(body) == param:
					return e
				case body != none && t.Nodes[body].Kind == kCall:
					fn, args := t.Child(body, fFunction), t.Child(body, fArguments)
					if fn != none && t.Nodes[fn].Kind == kAttribute && args != none && t.Nodes[args].First == none {
						obj, at := t.Child(fn, fObject), t.Child(fn, fAttribute)
						if op, ok := strMethods[t.Text(at)]; ok && obj != none && t.Nodes[obj].Kind == kIdentifier && t.Text(obj) == param {
							return treesitter.StrMethod(op, e, nil, n)
						}
					}
				}
			}
		}
	}
	return treesitter.Union(a.ev.Cfg, []value{e, treesitter.Unknown(n)}, n)
}

// boundValue is expression o, or, when o is a name bound only to one
// expression (not an import, a parameter or a destructured part), that
// expression; none when o names anything else.
func (a *analyzer) boundValue(o int32) int32 {
	t := a.t
	if o == none || t.Nodes[o].Kind != kIdentifier {
		return o
	}
	bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[o].Start:t.Nodes[o].End], o)
	if !ok || len(bs) != 1 || bs[0].value == none || bs[0].ref || bs[0].param || len(bs[0].path) > 0 {
		return none
	}
	return bs[0].value
}

// templateText is the text of a string.Template that expression o builds
// (`string.Template("$bin -p")`, or a name bound only to such a call),
// when it is known.
func (a *analyzer) templateText(o int32) (value, bool) {
	t := a.t
	if o = a.boundValue(o); o == none || t.Nodes[o].Kind != kCall {
		return value{}, false
	}
	f := a.ev.Eval(t.Child(o, fFunction))
	if f.K != vRef || f.Mod != "string" || len(f.Path) != 1 || f.Path[0] != "Template" {
		return value{}, false
	}
	args := t.Child(o, fArguments)
	if args == none || t.Nodes[args].First == none {
		return value{}, false
	}
	v := a.ev.Eval(t.Nodes[args].First)
	return v, v.Known() && v.Alt == nil
}

// substitute is Template.substitute of the known text tmpl at n: each
// `$name` or `${name}` is the keyword argument of that name, else the
// mapping's entry, else unknown; `$$` is a dollar.
func (a *analyzer) substitute(tmpl, mapping, kw value, n int32) value {
	s := tmpl.S
	var parts []value
	lit := strings.Builder{}
	flush := func() {
		if lit.Len() > 0 {
			parts = append(parts, treesitter.Str(lit.String(), n))
			lit.Reset()
		}
	}
	isID := func(c byte, first bool) bool {
		return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || !first && c >= '0' && c <= '9'
	}
	for i := 0; i < len(s); i++ {
		if s[i] != '$' || i+1 >= len(s) {
			lit.WriteByte(s[i])
			continue
		}
		var name string
		switch j := i + 1; {
		case s[j] == '$':
			lit.WriteByte('$')
			i = j
			continue
		case s[j] == '{':
			end := strings.IndexByte(s[j:], '}')
			if end < 0 {
				lit.WriteByte('$')
				continue
			}
			name, i = s[j+1:j+end], j+end
		case isID(s[j], true):
			k := j
			for k < len(s) && isID(s[k], false) {
				k++
			}
			name, i = s[j:k], k-1
		default:
			lit.WriteByte('$')
			continue
		}
		flush()
		parts = append(parts, a.field(name, mapping, kw, true, n))
	}
	flush()
	if len(parts) == 0 {
		return treesitter.Str("", n)
	}
	return treesitter.ConcatAll(parts, n)
}

// field is a template's field name: the keyword argument of that name
// (when useKw), else the mapping's entry; one not known (a `**cfg` of a
// document read at run time) may be what the repository's data files
// hold under that key (dataKey).
func (a *analyzer) field(name string, mapping, kw value, useKw bool, n int32) value {
	v, ok := value{}, false
	if useKw {
		v, ok = a.prop(kw, name)
	}
	if !ok {
		v, ok = a.prop(mapping, name)
	}
	if !ok {
		v = treesitter.Unknown(n)
	}
	if !v.Known() || v.Alt != nil {
		v = a.dataKey(v, name, n)
	}
	return v
}

// formatNamed is template s formatted with named fields (str.format's
// keywords when useKw, format_map's mapping): each field is the entry of
// that name, unknown when there is none. It reports false when a field
// is positional (`{}`, `{0}`), which the string methods fold.
func (a *analyzer) formatNamed(s string, mapping, kw value, useKw bool, n int32) (value, bool) {
	var parts []value
	lit := strings.Builder{}
	flush := func() {
		if lit.Len() > 0 {
			parts = append(parts, treesitter.Str(lit.String(), n))
			lit.Reset()
		}
	}
	named := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '}' && i+1 < len(s) && s[i+1] == '}' {
			lit.WriteByte('}')
			i++
			continue
		}
		if c != '{' {
			lit.WriteByte(c)
			continue
		}
		if i+1 < len(s) && s[i+1] == '{' {
			lit.WriteByte('{')
			i++
			continue
		}
		end := strings.IndexByte(s[i:], '}')
		if end < 0 {
			return value{}, false
		}
		field := s[i+1 : i+end]
		i += end
		name := field
		if k := strings.IndexAny(name, "!:.["); k >= 0 {
			name = name[:k]
		}
		if name == "" || name[0] >= '0' && name[0] <= '9' {
			return value{}, false
		}
		named = true
		flush()
		v := treesitter.Unknown(n)
		if name == field {
			v = a.field(name, mapping, kw, useKw, n)
		}
		parts = append(parts, v)
	}
	if !named {
		return value{}, false
	}
	flush()
	return treesitter.ConcatAll(parts, n), true
}

// folder is, for reduce, the expression function fn (a lambda, or a def
// with one return of its own) returns, and the names of its first two
// parameters, when it has exactly two.
func (a *analyzer) folder(fn int32) (body int32, params [2]string, ok bool) {
	t := a.t
	ps := t.Child(fn, fParameters)
	if ps == none {
		return none, params, false
	}
	i := 0
	for c := t.Nodes[ps].First; c != none; c = t.Nodes[c].Next {
		if t.Nodes[c].Kind != kIdentifier || i == 2 {
			return none, params, false
		}
		params[i] = t.Text(c)
		i++
	}
	if i != 2 {
		return none, params, false
	}
	b, expr := a.Body(fn)
	if b == none {
		return none, params, false
	}
	if expr {
		return b, params, true
	}
	body = none
	end := t.Nodes[b].End
	for j := b + 1; j < int32(len(t.Nodes)) && t.Nodes[j].Start < end; j++ {
		if t.Nodes[j].Kind == kReturn && a.scopes.Of(j) == fn {
			if body != none || t.Nodes[j].First == none {
				return none, params, false
			}
			body = t.Nodes[j].First
		}
	}
	return body, params, body != none
}

// fold is expression x, the body of a reduce's function, with its
// parameters named params given acc and elem: `+` and parentheses are
// read around them, any other expression is evaluated as written (a
// parameter read elsewhere in it is unknown). Past maxFoldDepth
// operators the value is past a bound.
func (a *analyzer) fold(x int32, params [2]string, acc, elem value, depth int) value {
	t := a.t
	if x == none {
		return treesitter.Unknown(none)
	}
	if depth > maxFoldDepth {
		return treesitter.CutAt(x)
	}
	switch t.Nodes[x].Kind {
	case kParen:
		if c := t.Nodes[x].First; c != none {
			return a.fold(c, params, acc, elem, depth+1)
		}
	case kIdentifier:
		switch t.Text(x) {
		case params[0]:
			return acc
		case params[1]:
			return elem
		}
	case kBinary:
		if a.ev.Op(x) == "+" {
			return plus(a.fold(t.Child(x, fLeft), params, acc, elem, depth+1), a.fold(t.Child(x, fRight), params, acc, elem, depth+1), x)
		}
	}
	return a.ev.Eval(x)
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
		// from agents import *: a name a module of the repository offers
		if v, ok := a.importedConst(ref, n); ok {
			return v
		}
	}
	return treesitter.Unknown(n)
}

// maxGlobalsNames bounds the module-level names globalsItem reads for a
// key not known statically; past it the item is past a bound.
const maxGlobalsNames = 64

// globalsItem is `globals()[key]`: the module-level name key, each
// possibility of it; a key not known statically may be any module-level
// name of the file, the union of their values (past maxGlobalsNames
// names, a value past a bound).
func (a *analyzer) globalsItem(key value, n int32) value {
	var names []string
	cut := false
	for _, p := range key.Possibilities() {
		if p.Known() {
			names = append(names, p.S)
			continue
		}
		all := a.scopes.ModuleNames()
		if len(all) > maxGlobalsNames {
			all, cut = all[:maxGlobalsNames], true
		}
		names = append(names, all...)
	}
	var vals []value
	for _, name := range names {
		for _, b := range a.scopes.ModuleBindings(name) {
			if b.ref && apiOf(value{K: vRef, Mod: b.mod, Path: b.path}) != apiNone {
				continue // a process API's name is not a command
			}
			vals = append(vals, a.ev.Tracked(a.Binding(&b)))
		}
	}
	if len(vals) == 0 {
		if cut {
			return treesitter.CutAt(n)
		}
		return treesitter.Unknown(n)
	}
	return treesitter.UnionPast(a.ev.Cfg, vals, cut, n)
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
	var v value
	if len(bs) == 1 {
		v = a.Binding(&bs[0])
	} else {
		v = a.ev.Multi(key, bs, n)
		if v.K == vRef || v.K == vCmd {
			v.Node, v.Lit = n, none
			return v
		}
		if v.K == vUnknown {
			return treesitter.Unknown(n)
		}
	}
	v = a.mutated(v, string(name), n)
	v.Node, v.Lit = n, none
	if len(bs) == 1 && bs[0].ref {
		return v // an imported command object (from plumbum.cmd import claude)
	}
	return a.ev.Tracked(v)
}

// mutated is v, the value of name (a variable or self.x) used at n, with
// the in-place changes the file makes to it applied.
func (a *analyzer) mutated(v value, name string, n int32) value {
	ms := a.muts[name]
	if len(ms) == 0 || v.K != vArr && v.K != vStr {
		return v
	}
	if a.mutating[name] {
		return treesitter.Unknown(n)
	}
	a.mutating[name] = true
	v = a.applyMutations(v, ms, a.t.Nodes[n].Start, n)
	delete(a.mutating, name)
	return v
}

// inLoop reports whether node n is in the body of a for or while loop of
// its own function.
func (a *analyzer) inLoop(n int32) bool {
	t := a.t
	fn := a.scopes.Of(n)
	for p := t.Nodes[n].Parent; p != none && a.scopes.Of(p) == fn; p = t.Nodes[p].Parent {
		if k := t.Nodes[p].Kind; k == kFor || k == kWhile {
			return true
		}
	}
	return false
}

// maxMutations bounds how many in-place changes of one name are applied;
// past it the list is changed in an unmodelled way (its first element may
// be any element), never silently cut.
const maxMutations = 64

// applyMutations applies the in-place changes made before offset `at` in
// the use's function, and those made in any other function (a helper or
// closure that may run before the use).
func (a *analyzer) applyMutations(v value, ms []mutation, at uint32, use int32) value {
	t := a.t
	sc := a.scopes.Of(use)
	for k, m := range ms {
		if m.at >= at && a.scopes.Of(m.node) == sc {
			continue
		}
		if k == maxMutations {
			return treesitter.MutateList(a.ev.Cfg, v, treesitter.ListUnmodelled, nil, v.Node)
		}
		switch {
		case m.op == "call":
			v = a.importedChanges(v, m)
		case m.alias && v.K == vStr:
			// s2 = s; s2 += "x": a string is not changed in place
		case m.op == "+=" && v.K == vStr:
			x := a.ev.Eval(m.value)
			once := treesitter.Concat(v, x, v.Node)
			if a.inLoop(m.node) {
				// `for p in parts: b += p`: joined once or twice
				v = treesitter.Either(a.ev.Cfg, once, treesitter.Concat(once, x, v.Node), v.Node)
			} else {
				v = once
			}
		case v.K != vArr:
		case m.op == "+=":
			v = treesitter.MutateList(a.ev.Cfg, v, treesitter.ListExtend, []value{a.ev.Eval(m.value)}, m.value)
		case m.op == "[]":
			v = treesitter.MutateList(a.ev.Cfg, v, treesitter.ListSetItem, []value{a.ev.Eval(m.index), a.ev.Eval(m.value)}, m.value)
		case m.op == "[:]":
			v = treesitter.MutateList(a.ev.Cfg, v, treesitter.ListUnmodelled, []value{a.ev.Eval(m.value)}, m.value)
		default:
			var args []value
			if m.value != none {
				for c := t.Nodes[m.value].First; c != none; c = t.Nodes[c].Next {
					w := a.ev.Eval(c)
					if t.Nodes[c].Kind == kListSplat {
						w = a.ev.Eval(t.Nodes[c].First)
					}
					args = append(args, w)
				}
			}
			v = treesitter.MutateList(a.ev.Cfg, v, listMethods[m.op], args, m.node)
		}
	}
	return v
}

// importedChanges applies to v, a list passed as argument m.index of the
// call m.node of another module's function, the in-place changes its
// summary says that function makes to the parameter (paramChangeKey),
// with the call's arguments.
func (a *analyzer) importedChanges(v value, m mutation) value {
	t := a.t
	if v.K != vArr || a.p.Imports == nil {
		return v
	}
	fn := t.Child(m.node, fFunction)
	if fn == none || t.Nodes[fn].Kind != kIdentifier {
		return v
	}
	bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[fn].Start:t.Nodes[fn].End], fn)
	if !ok || len(bs) != 1 || !bs[0].ref || len(bs[0].path) != 1 {
		return v
	}
	pos, _ := a.callArgs(m.node)
	for k := 0; k < maxMutations; k++ {
		e, ok := a.lookup(bs[0].mod, paramChangeKey(bs[0].path[0], int(m.index), k))
		if ok && e.Dynamic {
			// past a bound (a truncated summary): a change not known
			return treesitter.MutateList(a.ev.Cfg, v, treesitter.ListUnmodelled, nil, v.Node)
		}
		if !ok || len(e.Consts) == 0 {
			return v
		}
		var args []value
		for _, d := range e.Consts[1:] {
			switch {
			case strings.HasPrefix(d, "="):
				args = append(args, treesitter.Str(d[1:], m.node))
			case strings.HasPrefix(d, "#"):
				j, err := strconv.Atoi(d[1:])
				if err != nil || j >= len(pos) || t.Nodes[pos[j]].Kind == kListSplat {
					args = append(args, treesitter.Unknown(m.node))
					continue
				}
				args = append(args, a.ev.Eval(pos[j]))
			default:
				args = append(args, treesitter.Unknown(m.node))
			}
		}
		op, known := listMethods[e.Consts[0]]
		if !known {
			op = treesitter.ListUnmodelled
		}
		v = treesitter.MutateList(a.ev.Cfg, v, op, args, m.node)
	}
	return treesitter.MutateList(a.ev.Cfg, v, treesitter.ListUnmodelled, nil, v.Node)
}

// Binding is the value one binding gives its name.
func (a *analyzer) Binding(b *binding) value {
	if b.ref {
		v := value{K: vRef, Mod: b.mod, Path: b.path, Node: b.name, Lit: none}
		if c, ok := a.importedConst(v, b.name); ok {
			return c
		}
		return a.refValue(v)
	}
	if b.param && b.index == 0 {
		// @task def build(c): c is an invoke Context / fabric Connection
		if ctx, ok := a.taskContext(b.name); ok {
			return ctx
		}
	}
	if b.param && b.fn != "" {
		return a.evalParam(b)
	}
	if b.param && b.star == 1 {
		// def run(*argv): the arguments of its calls in the file from
		// its position on, as a list
		return a.ev.Param(b.name, b.starOf, false, none, func(site int32) (value, bool, bool) {
			pos, _, h, handed := a.siteArgs(b.starOf, site)
			if handed && h.each != none {
				// the items of an iterable: from the first on they are
				// the list, else any item
				e := a.handedList(h)
				if b.index > 0 || !h.first {
					return value{K: vArr, Elems: []value{a.anyEntry(e, site)}, Node: site, Lit: none}, true, true
				}
				return e, true, true
			}
			if b.index >= len(pos) {
				// nothing there, unless a splat before it reaches
				return a.restFrom(pos, b.index, site), true, true
			}
			return a.restFrom(pos, b.index, pos[b.index]), true, true
		})
	}
	if b.param && b.star == 2 {
		// def run(**kw): the keyword arguments of its calls in the
		// file, an object (kw["argv"], kw.get("argv")) per call site
		return a.ev.Param(b.name, b.starOf, false, none, func(site int32) (value, bool, bool) {
			_, kw, _, _ := a.siteArgs(b.starOf, site)
			if kw.Obj == none {
				return value{}, false, true
			}
			return kw, true, true
		})
	}
	if b.param && b.fn == "" && b.star == 0 {
		if cls := a.t.Nodes[b.name].Parent; cls != none && a.t.Nodes[cls].Kind == kClass {
			return a.classValue(b.name, cls)
		}
	}
	if b.param || b.value == none {
		return treesitter.Unknown(b.name)
	}
	if b.each {
		return a.ev.Once(b.name, func() value {
			v := a.ev.Eval(b.value)
			if v.Known() && v.Alt == nil {
				v = treesitter.Chars(v, b.name) // for c in "abc"
			}
			if v.K == vRef && b.elem == 0 && apiOf(v) == apiNone && !strings.HasPrefix(v.Mod, "#") && len(v.Path) > 0 {
				// for t in tools.TOOLS: another module's list or dict,
				// any member (scanner.AnyMember), read as its members
				// are (t.bin, t["bin"])
				v.Path = treesitter.AppendPath(v.Path, scanner.AnyMember)
				v.Node, v.Lit = b.name, none
				return v
			}
			if v.K != vArr {
				return treesitter.Unknown(b.name)
			}
			elems := v.Elems
			if b.elem > 0 {
				// for name, cmd in pairs: that element of each
				elems = make([]value, len(v.Elems))
				for i, e := range v.Elems {
					elems[i] = a.elemPath(e, b)
				}
			}
			return treesitter.Union(a.ev.Cfg, elems, b.name)
		})
	}
	if b.elem > 0 {
		return a.ev.Once(b.name, func() value {
			return a.elemPath(a.ev.Eval(b.value), b)
		})
	}
	return a.ev.Once(b.name, func() value { return a.ev.Eval(b.value) })
}

// elemPath is the element of v a tuple target's name stands for: at
// b.elem, then at each position of b.sub inside it.
func (a *analyzer) elemPath(v value, b *binding) value {
	v = treesitter.Elem(v, "#"+strconv.Itoa(b.elem-1), b.name)
	for _, i := range b.sub {
		v = treesitter.Elem(v, "#"+strconv.Itoa(i-1), b.name)
	}
	return v
}

// classValue is what the name of class cls stands for: the Agent SDK's
// client when one of its bases is (`class ReviewClient(ClaudeSDKClient)`,
// a base of this file or one another module offers: its constructor starts
// the runtime as the base's does), else unknown.
func (a *analyzer) classValue(name, cls int32) value {
	t := a.t
	sup := t.Child(cls, fSuperclasses)
	if sup == none {
		return treesitter.Unknown(name)
	}
	return a.ev.Once(name, func() value {
		for c := t.Nodes[sup].First; c != none; c = t.Nodes[c].Next {
			if k := t.Nodes[c].Kind; k != kIdentifier && k != kAttribute {
				continue // metaclass=M, a generic's subscript
			}
			if !a.mayBeSDKClient(c) {
				continue
			}
			if v := a.ev.Eval(c); apiOf(v) == apiSDKClient {
				return value{K: vRef, Mod: v.Mod, Path: v.Path, Node: name, Lit: none}
			}
		}
		return treesitter.Unknown(name)
	})
}

// mayBeSDKClient reports whether base b of a class may name the Agent
// SDK's client: its name is the client's, a class of the file, or a name
// another file offers as a library's member (Imports.Hint), so a base
// such as `BaseModel` is not looked up in other modules.
func (a *analyzer) mayBeSDKClient(b int32) bool {
	t := a.t
	name := b
	if t.Nodes[b].Kind == kAttribute {
		name = t.Child(b, fAttribute)
	}
	if name == none {
		return false
	}
	txt := t.Src[t.Nodes[name].Start:t.Nodes[name].End]
	if string(txt) == "ClaudeSDKClient" || a.p.Imports != nil && a.p.Imports.Hint(txt) {
		return true
	}
	bs := a.scopes.ModuleBindings(string(txt))
	if len(bs) != 1 || bs[0].name == none {
		return false
	}
	if bs[0].ref {
		// from claude_agent_sdk import ClaudeSDKClient as Client
		sdk, _ := launchingModule(normModule(bs[0].mod))
		return sdk
	}
	p := t.Nodes[bs[0].name].Parent
	return bs[0].param && p != none && t.Nodes[p].Kind == kClass
}

// importModule is the module importlib.import_module(name) or
// __import__(name) returns, for a name known in the file: the named module,
// or for __import__ without a fromlist its top-level package (as `import
// a.b` binds a). A relative name is taken from import_module's package
// argument when it is known (`(".helpers", "pkg")` is `pkg.helpers`); a
// computed name is unknown.
func (a *analyzer) importModule(callee value, pos []int32, kw value) (string, bool) {
	if callee.K != vRef || len(callee.Path) != 1 {
		return "", false
	}
	dunder := callee.Mod == "builtins" && callee.Path[0] == "__import__"
	if !dunder && (callee.Mod != "importlib" || callee.Path[0] != "import_module") {
		return "", false
	}
	name, ok := a.argOr(pos, kw, 0, "name")
	if !ok || name.S == "" && name.Known() {
		return "", false
	}
	if name.MaybeOther() || name.Alt != nil {
		// a name not known statically (or one of several): any module,
		// among them a process module (anyModule)
		return anyModule, true
	}
	m := name.S
	if strings.HasPrefix(m, ".") {
		pkg, ok := a.argOr(pos, kw, 1, "package")
		if dunder || !ok || !pkg.Known() || pkg.Alt != nil || pkg.S == "" {
			return "", false
		}
		rest := strings.TrimLeft(m, ".")
		parts := strings.Split(pkg.S, ".")
		up := len(m) - len(rest) - 1 // `.x` is in the package itself
		if up >= len(parts) || rest == "" {
			return "", false
		}
		m = strings.Join(append(parts[:len(parts)-up], rest), ".")
	}
	if _, from := a.argOr(pos, kw, 3, "fromlist"); dunder && !from {
		m, _, _ = strings.Cut(m, ".")
	}
	return m, true
}

// evalParam resolves a parameter of a named function from the calls of
// that function in the file (see Evaluator.Param): the keyword argument
// of its name, else the positional argument at its position.
func (a *analyzer) evalParam(b *binding) value {
	t := a.t
	pname := t.Text(b.name)
	if opts := a.optionValues("param:"+pname, b.name); len(opts) > 0 {
		// def main(agent) under @click.option("--agent", default=...):
		// also what the option may hold
		return treesitter.Union(a.ev.Cfg, append(opts, a.paramValue(b, pname)), b.name)
	}
	v := a.paramValue(b, pname)
	if a.entryPoint(b) {
		// @task def review(c, agent=DEFAULT_AGENT): a framework calls it
		// from its command line (invoke, fabric, click, typer, nox,
		// pytest): the default is a value whatever the file's calls
		// pass, and the command line's value is unknown
		vals := []value{v}
		if b.def != none {
			vals = append(vals, a.ev.Eval(b.def))
		}
		v = treesitter.Union(a.ev.Cfg, append(vals, treesitter.Unknown(b.name)), b.name)
	}
	if (v.K == vUnknown || v.K == vNull && v.Alt == nil) && a.p.Imports != nil {
		if ib, ok := a.annotatedImport(*b); ok {
			// def __init__(self, cfg: AgentCfg) with no call of the
			// file: an instance of the class another module defines
			// (`cfg: AgentCfg | None = None`, `Optional[AgentCfg]`:
			// None has no attribute a process API could run)
			return value{K: vRef, Mod: ib.mod, Path: []string{ib.path[0] + "()"}, Node: b.name, Lit: none}
		}
	}
	return v
}

// plainDecorators leave a function called only as written: a method of
// the class, a cache, a marker.
var plainDecorators = map[string]bool{
	"staticmethod": true, "classmethod": true, "property": true, "cached_property": true,
	"abstractmethod": true, "abstractproperty": true, "lru_cache": true, "cache": true,
	"wraps": true, "overload": true, "override": true, "setter": true, "getter": true,
	"deleter": true, "contextmanager": true, "asynccontextmanager": true,
}

// entryPoint reports whether the function whose parameter b is may be
// called from outside the repository's code with its defaults: a
// decorator other than a plain one (plainDecorators) registers it with a
// framework (`@task`, `@click.command()`, `@app.command()`,
// `@nox.session`, `@pytest.fixture`), which calls it from its command
// line.
func (a *analyzer) entryPoint(b *binding) bool {
	t := a.t
	if b.name == none || b.fn == "" || b.star != 0 {
		return false
	}
	ps := t.Nodes[b.name].Parent
	for ps != none && t.Nodes[ps].Kind != kParameters {
		ps = t.Nodes[ps].Parent
	}
	if ps == none {
		return false
	}
	fn := t.Nodes[ps].Parent
	if fn == none || t.Nodes[fn].Kind != kFunction {
		return false
	}
	dec := t.Nodes[fn].Parent
	if dec == none || t.Nodes[dec].Kind != kDecorated {
		return false
	}
	for c := t.Nodes[dec].First; c != none; c = t.Nodes[c].Next {
		if t.Nodes[c].Kind != kDecorator || t.Nodes[c].First == none {
			continue
		}
		e := t.Nodes[c].First
		if t.Nodes[e].Kind == kCall {
			e = t.Child(e, fFunction)
		}
		if e == none {
			continue
		}
		name := t.Text(e)
		if i := strings.LastIndexByte(name, '.'); i >= 0 {
			name = name[i+1:]
		}
		if !plainDecorators[name] {
			return true
		}
	}
	return false
}

// annotatedImport is the import binding of the class parameter b is
// annotated with (`cfg: AgentCfg`, AgentCfg imported), if any. The
// tree drops annotations, so it is read from the parameter's text.
func (a *analyzer) annotatedImport(b binding) (binding, bool) {
	t := a.t
	if b.name == none {
		return binding{}, false
	}
	p := t.Nodes[b.name].Parent
	if p == none || t.Nodes[p].Kind != kTypedParameter && t.Nodes[p].Kind != kTypedDefaultParameter {
		return binding{}, false
	}
	_, typ, ok := strings.Cut(t.Text(p), ":")
	if t.Nodes[p].Kind == kTypedDefaultParameter {
		// cfg: AgentCfg = None
		typ, _, _ = strings.Cut(typ, "=")
	}
	typ = optionalOf(strings.TrimSpace(typ))
	if !ok || typ == "" || strings.IndexFunc(typ, func(r rune) bool { return !(r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)) }) >= 0 {
		return binding{}, false
	}
	bs := a.scopes.ModuleBindings(typ)
	if len(bs) != 1 || !bs[0].ref || len(bs[0].path) != 1 {
		return binding{}, false
	}
	return bs[0], true
}

// optionalOf is the class an annotation names beside None: `X | None`,
// `None | X`, `Optional[X]`, `typing.Optional[X]`, each maybe quoted,
// are X; any other annotation is itself.
func optionalOf(typ string) string {
	typ = strings.Trim(typ, "\"' ")
	for _, pre := range []string{"Optional[", "typing.Optional[", "t.Optional["} {
		if strings.HasPrefix(typ, pre) && strings.HasSuffix(typ, "]") {
			return strings.Trim(typ[len(pre):len(typ)-1], "\"' ")
		}
	}
	if l, r, ok := strings.Cut(typ, "|"); ok && !strings.Contains(r, "|") {
		l, r = strings.Trim(l, "\"' "), strings.Trim(r, "\"' ")
		switch {
		case r == "None":
			return l
		case l == "None":
			return r
		}
	}
	return typ
}

func (a *analyzer) paramValue(b *binding, pname string) value {
	t := a.t
	key := b.fn
	if b.method {
		key = "." + key
	}
	return a.ev.Param(b.name, b.fn, b.method, b.def, func(site int32) (value, bool, bool) {
		pos, kw, h, handed := a.siteArgs(key, site)
		if handed && h.each != none {
			v, ok := a.handedItem(h, b.index)
			return a.needArg(v), ok, true
		}
		if w, ok := a.prop(kw, pname); ok {
			return a.needArg(w), true, true
		}
		if b.index >= 0 {
			if slices.ContainsFunc(pos, func(c int32) bool { return t.Nodes[c].Kind == kListSplat }) {
				// run_tool(*CMD): the list's elements take the
				// positions from there on
				vals, exactTo := treesitter.Spread(pos, a.splatOf, a.ev.Eval)
				if v, ok := treesitter.SpreadParam(a.ev.Cfg, vals, exactTo, b.index, site); ok {
					return a.needArg(v), true, true
				}
				return value{}, false, true
			}
			if b.index < len(pos) {
				return a.needArg(a.ev.Eval(pos[b.index])), true, true
			}
		}
		return value{}, false, true
	})
}

// siteArgs are the positional arguments and the keywords call site
// site of the function keyed fn passes: a call's own, or those of a
// library's call of a function handed to it (analyzer.handed; h).
func (a *analyzer) siteArgs(fn string, site int32) (pos []int32, kw value, h handedCall, handed bool) {
	if h, ok := a.handed[handedKey{fn, site}]; ok {
		return h.pos, h.kw, h, true
	}
	pos, kw = a.callArgs(site)
	return pos, kw, handedCall{}, false
}

// handedList is the value of a handed call's iterable (handedCall.each):
// any element of it when the call takes one.
func (a *analyzer) handedList(h handedCall) value {
	e := a.ev.Eval(h.each)
	if h.any {
		e = a.anyEntry(e, h.each)
	}
	return e
}

// handedItem is the argument at index i of a handed call whose
// arguments are those of an iterable: its item i when they are its items
// (first), else the value itself at index 0.
func (a *analyzer) handedItem(h handedCall, i int) (value, bool) {
	e := a.handedList(h)
	switch {
	case h.first && i >= 0:
		return a.member(e, "#"+strconv.Itoa(i), h.each), true
	case i == 0:
		return e, true
	}
	return value{}, false
}

// splatOf is, for treesitter.Spread, what the splat c (`*xs` among a
// call's arguments) passes: xs's elements when the evaluator knows the
// list (exact when each is one value), else one unknown (one past a bound
// when xs is: any element may be a runtime).
func (a *analyzer) splatOf(c int32) (elems []value, exact, isSplat bool) {
	if a.t.Nodes[c].Kind != kListSplat {
		return nil, false, false
	}
	x := a.t.Nodes[c].First
	if x == none {
		return []value{treesitter.Unknown(c)}, false, true
	}
	// a list another module gives: phase two reads it (Pass.Needs)
	elems, exact = treesitter.SpreadElems(a.needArg(a.ev.Eval(x)), c)
	return elems, exact, true
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
	if v.Cut {
		// a member of a value past a bound is past it too: as a
		// command, a launch of an unknown runtime; as a callee, not
		// the module's export itself (treesitter.IsDynamicExport)
		return treesitter.CutAt(n)
	}
	if a.p.Imports != nil && name == "command" {
	}
	switch v.K {
	case vRef:
		if v.Mod == anyModule {
			// a member of a module imported by an unknown name: a
			// process API when some process module has one so named
			if processMembers[name] {
				return value{K: vRef, Mod: anyProcMember, Node: n, Lit: none}
			}
			return treesitter.Unknown(n)
		}
		if v.Mod == "sys" && len(v.Path) == 0 && name == "executable" {
			return treesitter.Str("python", n)
		}
		if v.Mod == "plumbum" && (len(v.Path) == 0 || len(v.Path) == 1 && v.Path[0] == "local") && name == "cmd" {
			// plumbum.cmd.claude, local.cmd.claude
			return value{K: vRef, Mod: "plumbum.cmd", Node: n, Lit: none}
		}
		if v.Mod == "os" && len(v.Path) == 1 && v.Path[0] == "environ" && name != "get" {
			return treesitter.Unknown(n)
		}
		r := value{K: vRef, Mod: v.Mod, Path: treesitter.AppendPath(v.Path, name), Node: n, Lit: none}
		if c, ok := a.importedConst(r, n); ok {
			return c // mod.NAME: a constant of another file
		}
		return a.refValue(r)
	case vCmd:
		if name == "bake" {
			return value{K: vRef, Mod: "#bake", Node: n, Lit: none, Elems: v.Elems}
		}
		if invokeMethods[name] {
			return value{K: vRef, Mod: "#invoke", Node: n, Lit: none, Elems: v.Elems}
		}
	case vStr:
		if name == "value" {
			// a string has no `value`: the string is an Enum member's
			// value (Agent.CLAUDE.value, from this module or another)
			v.Node = n
			return v
		}
	case vArr:
		return treesitter.Elem(v, name, n)
	case vObj:
		// types.SimpleNamespace(bin=...).bin
		if p, ok := a.prop(v, name); ok {
			return p
		}
	case vUnknown, vFunc:
		if rs, other := a.sourceRefs(v); len(rs) > 0 && other {
			// cfg = cfg or AgentConfig(), `if cfg is None: cfg =
			// Cfg()`: an instance of another module's class on one
			// path, a value not followed on another; both
			vals := make([]value, 0, len(rs)+1)
			for _, r := range rs {
				vals = append(vals, a.returnedMember(r, name, n))
			}
			v.Node = n
			return treesitter.Union(a.ev.Cfg, append(vals, a.anyInstanceMember(v, name, n)), n)
		} else if rs := a.returnedRefs(v); len(rs) == 1 {
			// Runner().build_command, get_backend().command: what a
			// function or class of another module returns
			return a.returnedMember(rs[0], name, n)
		} else if len(rs) > 1 {
			// c = get_a() if x else get_b(); c.command: each
			vals := make([]value, len(rs))
			for i, r := range rs {
				vals[i] = a.returnedMember(r, name, n)
			}
			return treesitter.Agree(a.p.Config, vals, n)
		}
		return a.anyInstanceMember(v, name, n)
	}
	return treesitter.Unknown(n)
}

// anyInstanceMember is member name (at n) of v, an unknown value: r =
// Runner(); r.bin: an instance not known statically has the attributes
// the file gives any instance (self.x, class and dataclass fields,
// constructor arguments).
func (a *analyzer) anyInstanceMember(v value, name string, n int32) value {
	if v.Env {
		return treesitter.Unknown(n)
	}
	attr := a.ev.Attr(name, a.selfAttrs[name], n)
	if opts := a.optionValues(name, n); len(opts) > 0 {
		// args.bin: also what a command-line option of that
		// name may hold (its default, choices, const)
		return treesitter.Union(a.ev.Cfg, append(opts, attr), n)
	}
	if attr.K == vUnknown && !attr.Cut {
		// nothing of the file sets it: a document read at run
		// time may hold it
		return a.dataKey(attr, name, n)
	}
	return attr
}

// maxSourceDepth bounds the names, `or`s, conditionals and parentheses
// sourceRefs reads through.
const maxSourceDepth = 8

// sourceRefs is returnedRefs read through a name's every binding, both
// sides of an `or` and both branches of a conditional: `cfg = cfg or
// AgentConfig()`, `c = Cfg() if cfg is None else cfg`, `if cfg is None:
// cfg = Cfg()`. other reports a source that is no such call (a
// parameter, another value, a bound reached). Only in phase two.
func (a *analyzer) sourceRefs(v value) (refs []value, other bool) {
	t := a.t
	if a.p.Imports == nil || v.K != vUnknown || v.Node == none {
		return nil, false
	}
	seen := map[int32]bool{}
	var calls []int32
	type item struct {
		n     int32
		depth int
	}
	work := []item{{v.Node, 0}}
	for len(work) > 0 {
		it := work[len(work)-1]
		work = work[:len(work)-1]
		n := it.n
		if n == none || seen[n] {
			continue
		}
		seen[n] = true
		if it.depth > maxSourceDepth || len(seen) > 4*maxSourceDepth {
			other = true
			continue
		}
		switch t.Nodes[n].Kind {
		case kCall:
			calls = append(calls, n)
		case kIdentifier:
			bs, _, found := a.scopes.Lookup(t.Src[t.Nodes[n].Start:t.Nodes[n].End], n)
			if !found {
				other = true
			}
			for _, b := range bs {
				if b.param || b.ref || b.each || b.value == none {
					other = true
					continue
				}
				work = append(work, item{b.value, it.depth + 1})
			}
		case kBoolean:
			work = append(work, item{t.Child(n, fLeft), it.depth + 1}, item{t.Child(n, fRight), it.depth + 1})
		case kConditional:
			if c := t.Nodes[n].First; c != none {
				work = append(work, item{c, it.depth + 1})
				if cond := t.Nodes[c].Next; cond != none {
					work = append(work, item{t.Nodes[cond].Next, it.depth + 1})
				}
			}
		case kParen:
			work = append(work, item{t.Nodes[n].First, it.depth + 1})
		default:
			other = true
		}
	}
	if len(calls) == 0 || !other {
		// every source is a call: returnedRefs reads them
		return nil, other
	}
	for _, c := range calls {
		if a.returning[c] {
			return nil, true // x = x.f(): not while x's own call is read
		}
	}
	for _, c := range calls {
		if rs := a.callRefs([]int32{c}); rs != nil {
			refs = append(refs, rs...)
		}
	}
	return refs, true
}

// dataKey is v, the value of key name read from a value the analysis
// cannot follow (`cfg["bin"]`, `cfg.bin`, `cfg.get("bin")`: a document
// read at run time), with what the repository's data files hold under
// that key (Imports.Key) as further possibilities, in phase two.
func (a *analyzer) dataKey(v value, name string, n int32) value {
	if a.p.Imports == nil || name == "" {
		return v
	}
	e, ok := a.p.Imports.Key(name)
	if !ok {
		return v
	}
	a.use(scanner.Step{File: e.File, Line: e.At.Line, Column: e.At.Column, Note: fmt.Sprintf("`%s` in a data file", name)})
	return treesitter.Union(a.ev.Cfg, []value{v, treesitter.FromExport(a.ev.Cfg, e, n)}, n)
}

// enumValue is `.value` of a member of an Enum class of the file looked
// up by value or by name: `Agent("claude").value` is the argument (the
// member with that value), `Agent["CLAUDE"].value` the member CLAUDE's.
func (a *analyzer) enumValue(o, n int32) (value, bool) {
	t := a.t
	if o == none {
		return value{}, false
	}
	switch t.Nodes[o].Kind {
	case kCall:
		if !a.enumClass(t.Child(o, fFunction)) {
			return value{}, false
		}
		pos, _ := a.callArgs(o)
		if len(pos) != 1 {
			return value{}, false
		}
		v := a.ev.Eval(pos[0])
		v.Node = n
		return v, true
	case kSubscript:
		sub := t.Child(o, fSubscript)
		if !a.enumClass(t.Child(o, fValue)) || sub == none {
			return value{}, false
		}
		idx := a.ev.Eval(sub)
		if idx.K != vStr || idx.Alt != nil {
			return value{}, false
		}
		return a.ev.Attr(idx.S, a.selfAttrs[idx.S], n), true
	}
	return value{}, false
}

// enumClass reports whether n is the name of a class of the file whose
// bases name an Enum (Enum, StrEnum, IntEnum, Flag, IntFlag).
func (a *analyzer) enumClass(n int32) bool {
	t := a.t
	if n == none || t.Nodes[n].Kind != kIdentifier {
		return false
	}
	bs, _, ok := a.scopes.Lookup(t.Src[t.Nodes[n].Start:t.Nodes[n].End], n)
	if !ok || len(bs) != 1 || bs[0].name == none {
		return false
	}
	cls := t.Nodes[bs[0].name].Parent
	if cls == none {
		return false
	}
	_, bases, ok := a.Class(cls)
	if !ok {
		return false
	}
	for _, b := range bases {
		if strings.HasSuffix(b, "Enum") || strings.HasSuffix(b, "Flag") {
			return true
		}
	}
	return false
}

// returnedRefs are, for the unknown value of a call of a name another
// module may offer (`Runner()`, `get_backend()`), or a name bound to such
// calls (each binding), that name called (`Runner()`): the repository
// phase offers what it returns as that name's members. Only in phase two;
// nil when one binding is not such a call.
func (a *analyzer) returnedRefs(v value) []value {
	t := a.t
	if a.p.Imports == nil || v.K != vUnknown || v.Node == none {
		return nil
	}
	nodes := []int32{v.Node}
	if t.Nodes[v.Node].Kind == kIdentifier {
		nodes = a.boundAll(v.Node) // r = Runner(); r.run
	}
	return a.callRefs(nodes)
}

// callRefs is returnedRefs of the calls at nodes; nil when one is not
// such a call.
func (a *analyzer) callRefs(nodes []int32) []value {
	t := a.t
	var out []value
	for _, c := range nodes {
		if t.Nodes[c].Kind != kCall || a.returning[c] {
			return nil // x = x.f(): not while x's own call is read
		}
		fn := t.Child(c, fFunction)
		if fn == none {
			return nil
		}
		if a.returning == nil {
			a.returning = map[int32]bool{}
		}
		a.returning[c] = true
		f := a.ev.Eval(fn)
		delete(a.returning, c)
		if f.K != vRef || len(f.Path) == 0 || apiOf(f) != apiNone || strings.HasPrefix(f.Mod, "#") || f.Mod == "builtins" {
			return nil
		}
		path := append([]string{}, f.Path...)
		path[len(path)-1] += "()"
		out = append(out, value{K: vRef, Mod: f.Mod, Path: path, Node: c, Lit: none})
	}
	return out
}

// returnedMember is member name (at n) of r, a returned ref: a constant
// another module offers, else the ref (a method to call).
func (a *analyzer) returnedMember(r value, name string, n int32) value {
	r.Path, r.Node = treesitter.AppendPath(r.Path, name), n
	if c, ok := a.importedConst(r, n); ok {
		return c
	}
	return r
}

// envValue is the value of environment variable key read at n, whose
// value without the file's own settings is read: the values the file sets
// for that key (os.environ[k] = v, putenv, setdefault) are possibilities
// too.
func (a *analyzer) envValue(key, read value, n int32) value {
	vals := []value{read}
	for _, s := range a.envSets {
		k := a.ev.Eval(s[0])
		if key.Known() && key.Alt == nil && k.Known() && k.Alt == nil && k.S != key.S {
			continue
		}
		vals = append(vals, a.ev.Tracked(a.ev.Eval(s[1])))
	}
	if a.p.Imports != nil && key.Known() && key.Alt == nil {
		// set by another file of the repository (the environment is the
		// process's)
		if e, ok := a.p.Imports.Env(key.S); ok {
			a.use(scanner.Step{File: e.File, Line: e.At.Line, Column: e.At.Column, Note: fmt.Sprintf("`%s` set in the environment", key.S)})
			vals = append(vals, treesitter.FromExport(a.ev.Cfg, e, n))
		}
	}
	if len(vals) == 1 {
		return read
	}
	return treesitter.Union(a.ev.Cfg, vals, n)
}

// comprehension is the value of [body for x in xs] (a generator or set
// comprehension too): xs itself when the body is x and there is one
// clause, else a list whose one element is the body with x any element
// of xs (the loop variable's binding), an over-approximation of its
// elements.
func (a *analyzer) comprehension(n int32) value {
	t := a.t
	body := t.Child(n, fBody)
	if body == none {
		return treesitter.Unknown(n)
	}
	var clauses []int32
	for c := t.Nodes[n].First; c != none; c = t.Nodes[c].Next {
		if c != body && t.Nodes[c].Kind != kComment {
			clauses = append(clauses, c)
		}
	}
	if len(clauses) == 1 && t.Nodes[clauses[0]].Kind == kForIn {
		if l := t.Child(clauses[0], fLeft); l != none && t.Nodes[body].Kind == kIdentifier && t.Text(body) == t.Text(l) {
			v := a.ev.Eval(t.Child(clauses[0], fRight))
			if v.K == vStr {
				v = treesitter.Chars(v, n)
			}
			v.Node, v.Lit = n, none
			return v
		}
	}
	return value{K: vArr, Elems: []value{a.ev.Eval(body)}, Node: n, Lit: none}
}

// taskContext is the value of the first parameter (at node name) of a
// function decorated as an invoke or fabric task.
func (a *analyzer) taskContext(name int32) (value, bool) {
	t := a.t
	params := t.Nodes[name].Parent
	for params != none && t.Nodes[params].Kind != kParameters {
		params = t.Nodes[params].Parent
	}
	if params == none {
		return value{}, false
	}
	fn := t.Nodes[params].Parent
	if fn == none || t.Nodes[fn].Kind != kFunction {
		return value{}, false
	}
	dec := t.Nodes[fn].Parent
	if dec == none || t.Nodes[dec].Kind != kDecorated {
		return value{}, false
	}
	for c := t.Nodes[dec].First; c != none; c = t.Nodes[c].Next {
		if t.Nodes[c].Kind != kDecorator || t.Nodes[c].First == none {
			continue
		}
		e := t.Nodes[c].First
		if t.Nodes[e].Kind == kCall { // @task(help=...)
			e = t.Child(e, fFunction)
		}
		if e == none {
			continue
		}
		if d := a.ev.Eval(e); d.K == vRef {
			for _, k := range refKeys(d) {
				if ctx, ok := taskDecorators[k]; ok {
					i := strings.IndexByte(ctx, ':')
					return value{K: vRef, Mod: ctx[:i], Path: []string{ctx[i+1:] + "()"}, Node: name, Lit: none}, true
				}
			}
		}
	}
	return value{}, false
}

// slice is obj[a:b:c]: a string's slice when its bounds are known; a
// list's elements (all of them when a bound is not known).
func (a *analyzer) slice(obj value, sub, n int32) value {
	t := a.t
	var bounds [3]*value
	part, pos := 0, t.Nodes[sub].Start
	for c := t.Nodes[sub].First; c != none; c = t.Nodes[c].Next {
		part += strings.Count(string(t.Src[pos:t.Nodes[c].Start]), ":")
		if part < 3 {
			v := a.ev.Eval(c)
			bounds[part] = &v
		}
		pos = t.Nodes[c].End
	}
	switch obj.K {
	case vStr:
		return treesitter.PySlice(obj, bounds, n)
	case vArr:
		out := obj
		out.Node, out.Lit = n, none
		if bounds[2] == nil && bounds[1] == nil && bounds[0] != nil {
			if i, ok := intOfValue(*bounds[0]); ok && i >= 0 && i <= len(obj.Elems) {
				out.Elems = obj.Elems[i:]
			}
		}
		return out
	}
	return treesitter.Unknown(n)
}

// fromEnd is element i < 0 of list v, counted from its end (`xs[-1]`):
// exact when every element is known to be one (no splat of a list of
// unknown length), else any element of it.
func (a *analyzer) fromEnd(v value, i int, n int32) value {
	if len(v.Elems)+i < 0 || slices.ContainsFunc(v.Elems, func(e value) bool { return e.K == vUnknown || e.Cut }) {
		return a.anyEntry(v, n)
	}
	return v.Elems[len(v.Elems)+i]
}

func intOfValue(v value) (int, bool) {
	if !v.Known() {
		return 0, false
	}
	i, err := strconv.Atoi(v.S)
	return i, err == nil
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
	v := a.ev.Eval(sub)
	if v.K == vArr && a.t.Nodes[sub].Kind != kList {
		out.Elems = append(out.Elems, v.Elems...)
	} else {
		out.Elems = append(out.Elems, v)
	}
	return out
}

// prop looks a key up in a dict literal or in keyword arguments.
func (a *analyzer) prop(v value, name string) (value, bool) {
	if v.K == vObj && v.Alt != nil {
		// any of several objects (treesitter.Union): the property of each
		var vals []value
		cut := false
		for _, o := range v.Possibilities() {
			cut = cut || o.Via == scanner.ClassDynamic
			o.Alt = nil
			if p, ok := a.prop(o, name); ok {
				vals = append(vals, p)
			}
		}
		if len(vals) == 0 {
			return value{}, false
		}
		return treesitter.UnionPast(a.ev.Cfg, vals, cut, vals[0].Node), true
	}
	out, ok := a.ev.PropSet(v, name, a.setsOn)
	if v.K != vObj || v.Obj == none {
		return out, ok
	}
	merged := a.setsOn(v.Obj)[updateKey]
	if len(merged) == 0 {
		return out, ok
	}
	var vals []value
	if ok {
		vals = append(vals, out)
	}
	for _, r := range merged {
		w, found, spread := a.spread(a.ev.Eval(r), name, r)
		if !found && spread {
			w, found = a.ev.PropSet(w, name, a.setsOn)
		}
		if found {
			vals = append(vals, w)
		}
	}
	if len(vals) == 0 {
		return out, false
	}
	return treesitter.Union(a.ev.Cfg, vals, vals[0].Node), true
}

// updateKey keys, among the entries set on a dict (setsOn), the dicts
// `d.update(other)` merges into it whole.
const updateKey = "**"

// setsOn indexes the assignments `x.name = value` whose x holds the
// object obj (a dict, or the keyword arguments of an options
// constructor), by name: a property set after construction is a
// possibility of it. Built once per file, on first use.
func (a *analyzer) setsOn(obj int32) map[string][]int32 {
	t := a.t
	if a.setsOf == nil {
		a.setsOf = map[int32]map[string][]int32{}
		for _, s := range a.sets {
			var o int32
			var names []string
			if t.Nodes[s[0]].Kind == kSubscript {
				o = t.Child(s[0], fValue)
				names = treesitter.SetKeys(a.ev.Eval(t.Child(s[0], fSubscript)))
			} else {
				o = t.Child(s[0], fObject)
				at := t.Child(s[0], fAttribute)
				if at == none {
					continue
				}
				names = []string{t.Text(at)}
			}
			if o == none {
				continue
			}
			ov := a.evalIdent(o)
			if ov.K != vObj || ov.Obj == none {
				continue
			}
			m := a.setsOf[ov.Obj]
			if m == nil {
				m = map[string][]int32{}
				a.setsOf[ov.Obj] = m
			}
			for _, name := range names {
				m[name] = append(m[name], s[1])
			}
		}
		a.dictCallSets()
	}
	return a.setsOf[obj]
}

// dictCallSets adds the entries `d.update(k=v)`, `d.update({k: v})` and
// `d.setdefault(k, v)` give a dict the file built.
func (a *analyzer) dictCallSets() {
	t := a.t
	for _, call := range a.dictCalls {
		fn := t.Child(call, fFunction)
		ov := a.evalIdent(t.Child(fn, fObject))
		if ov.K != vObj || ov.Obj == none {
			continue
		}
		m := a.setsOf[ov.Obj]
		if m == nil {
			m = map[string][]int32{}
			a.setsOf[ov.Obj] = m
		}
		pos, kw := a.callArgs(call)
		if t.Is(t.Child(fn, fAttribute), "setdefault") {
			if len(pos) == 2 {
				if k := a.ev.Eval(pos[0]); k.Known() && k.Alt == nil {
					m[k.S] = append(m[k.S], pos[1])
				}
			}
			continue
		}
		for c := t.Nodes[kw.Obj].First; kw.Obj != none && c != none; c = t.Nodes[c].Next {
			if t.Nodes[c].Kind == kKeywordArgument {
				if nm := t.Child(c, fName); nm != none {
					m[t.Text(nm)] = append(m[t.Text(nm)], t.Child(c, fValue))
				}
			}
		}
		for _, p := range pos {
			if t.Nodes[p].Kind != kDictionary {
				// d.update(AGENT), another dict (another module's too):
				// its entries, read where a key is (prop)
				m[updateKey] = append(m[updateKey], p)
				continue
			}
			for c := t.Nodes[p].First; c != none; c = t.Nodes[c].Next {
				if t.Nodes[c].Kind != kPair {
					continue
				}
				if k := a.ev.Eval(t.Child(c, fKey)); k.Known() && k.Alt == nil {
					m[k.S] = append(m[k.S], t.Child(c, fValue))
				}
			}
		}
	}
}

// setValues are the values the file sets on object obj after
// constructing it, under any name.
func (a *analyzer) setValues(obj int32) []value {
	return a.ev.SetValues(obj, a.setsOn)
}

// anyEntry is the value of v[k] for a key k not known statically: any
// element of a list, any value of a dict literal.
func (a *analyzer) anyEntry(v value, n int32) value {
	if v.Cut {
		// a member of a value past a bound is past it too: as a
		// command, a launch of an unknown runtime; as a callee, not
		// the module's export itself (treesitter.IsDynamicExport)
		return treesitter.CutAt(n)
	}
	t := a.t
	var vals []value
	switch v.K {
	case vRef:
		if apiOf(v) == apiNone && !strings.HasPrefix(v.Mod, "#") && len(v.Path) > 0 {
			// actions.ACTIONS[name]: another module's dict or list, any
			// member (scanner.AnyMember), read as its members are
			return a.member(v, scanner.AnyMember, n)
		}
	case vArr:
		vals = v.Elems
	case vObj:
		if v.Obj == none || !isDict(t, v.Obj) && t.Nodes[v.Obj].Kind != kArgumentList {
			break
		}
		for c := t.Nodes[v.Obj].First; c != none && len(vals) <= 4*treesitter.MaxPossibilities; c = t.Nodes[c].Next {
			switch t.Nodes[c].Kind {
			case kPair, kKeywordArgument:
				vals = append(vals, a.ev.Eval(t.Child(c, fValue)))
			case kList, kTuple, kCall:
				// dict([(k, v), ...]), dict(zip(ks, vs))
				if !a.dictCallArg(c) {
					continue
				}
				if l := a.ev.Eval(c); l.K == vArr {
					for _, e := range l.Elems {
						if e.K == vArr && len(e.Elems) == 2 {
							vals = append(vals, e.Elems[1])
						}
					}
				}
			}
		}
		vals = append(vals, a.setValues(v.Obj)...)
	}
	return a.ev.Tracked(treesitter.Union(a.ev.Cfg, vals, n))
}

// entries is the list of dict d's values, or with keys of its (key,
// value) pairs, as written (`d.values()`, `d.items()`); an entry set
// after the literal, or one of `dict(...)`'s pairs, is one more value
// with an unknown key.
func (a *analyzer) entries(d value, keys bool, n int32) value {
	t := a.t
	out := value{K: vArr, Node: n, Lit: none}
	add := func(k, v value) {
		if keys {
			v = value{K: vArr, Elems: []value{k, v}, Node: n, Lit: none}
		}
		out.Elems = append(out.Elems, v)
	}
	for c := t.Nodes[d.Obj].First; c != none && len(out.Elems) <= 4*treesitter.MaxPossibilities; c = t.Nodes[c].Next {
		switch t.Nodes[c].Kind {
		case kPair:
			add(a.ev.Eval(t.Child(c, fKey)), a.ev.Eval(t.Child(c, fValue)))
		case kKeywordArgument:
			k := treesitter.Unknown(c)
			if nm := t.Child(c, fName); nm != none {
				k = treesitter.Str(t.Text(nm), nm)
			}
			add(k, a.ev.Eval(t.Child(c, fValue)))
		}
	}
	for _, v := range a.setValues(d.Obj) {
		add(treesitter.Unknown(n), v)
	}
	if rest := a.anyEntry(d, n); len(out.Elems) == 0 && rest.K != vUnknown {
		add(treesitter.Unknown(n), rest) // dict([(k, v)]), dict(zip(...))
	}
	return out
}

// isDict reports whether node n is a dict literal or a dict
// comprehension.
func isDict(t *tree, n int32) bool {
	k := t.Nodes[n].Kind
	return k == kDictionary || k == kDictComprehension
}

// mayBe reports whether some possibility of key k is the string name or
// not known.
func mayBe(k value, name string) bool {
	for _, p := range k.Possibilities() {
		if !p.Known() || p.S == name {
			return true
		}
	}
	return false
}

// dictCallArg reports whether c is a positional argument of dict(...).
func (a *analyzer) dictCallArg(c int32) bool {
	t := a.t
	args := t.Nodes[c].Parent
	if args == none || t.Nodes[args].Kind != kArgumentList {
		return false
	}
	call := t.Nodes[args].Parent
	fn := t.Child(call, fFunction)
	return fn != none && t.Nodes[fn].Kind == kIdentifier && t.Is(fn, "dict")
}

// Entry reads one item of a dict literal or argument list for key name
// (or an operand of a `|` of dicts, a merge: evalBinary).
func (a *analyzer) Entry(c int32, name string) (value, bool, bool) {
	t := a.t
	if p := t.Nodes[c].Parent; p != none && t.Nodes[p].Kind == kBinary {
		if f := t.Nodes[c].Field; f != fLeft && f != fRight {
			return value{}, false, false
		}
		return a.spread(a.ev.Eval(c), name, c)
	}
	switch t.Nodes[c].Kind {
	case kPair:
		k := a.ev.Eval(t.Child(c, fKey))
		if k.Known() && k.S == name {
			return a.ev.Eval(t.Child(c, fValue)), true, false
		}
		if p := t.Nodes[c].Parent; p != none && t.Nodes[p].Kind == kDictComprehension && mayBe(k, name) {
			// {k: [k, "-p"] for k in NAMES}: the pair is every entry,
			// its key any element (or one not known)
			return a.ev.Eval(t.Child(c, fValue)), true, false
		}
	case kKeywordArgument:
		if k := t.Child(c, fName); k != none && t.Is(k, name) {
			return a.ev.Eval(t.Child(c, fValue)), true, false
		}
	case kDictionarySplat:
		return a.spread(a.ev.Eval(t.Nodes[c].First), name, c)
	case kComment:
	default:
		// a positional argument of dict(...): a list of (key, value)
		// pairs, or a mapping copied (`dict(BASE, cwd=...)`)
		if !a.dictCallArg(c) {
			break
		}
		switch l := a.ev.Eval(c); l.K {
		case vArr:
			var out value
			found := false
			for _, e := range l.Elems {
				if e.K == vArr && len(e.Elems) == 2 && (!e.Elems[0].Known() || e.Elems[0].S == name) {
					out, found = e.Elems[1], true
				}
			}
			return out, found, false
		case vObj, vRef:
			return a.spread(l, name, c)
		}
	}
	return value{}, false, false
}

// spread reads key name of mapping v merged into another (`{**v}`,
// `dict(**v)`, `dict(v)`, `v | w`): a dict of the file (the evaluator
// reads it: spread), or a member of another module's (`{**mod.OPTS}`:
// `OPTS.name` there).
func (a *analyzer) spread(v value, name string, n int32) (value, bool, bool) {
	if v.K == vRef && apiOf(v) == apiNone && !strings.HasPrefix(v.Mod, "#") && len(v.Path) > 0 {
		r := value{K: vRef, Mod: v.Mod, Path: treesitter.AppendPath(v.Path, name), Node: n, Lit: none}
		if c, ok := a.importedConst(r, n); ok {
			return c, true, false
		}
	}
	return v, false, true
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
	if t.Nodes[args].Kind == kComprehension {
		// f(x for x in xs): the generator is the one argument
		kw.Obj = none
		return []int32{args}, kw
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
// calleeOf is the value of a call's callee fn, as Eval gives it, from
// the receiver already evaluated (recv, when not nil) for an attribute
// callee: the member of it, unless `self.x` or an enum's `.value`.
func (a *analyzer) calleeOf(fn int32, recv *value) value {
	t := a.t
	if recv == nil || t.Nodes[fn].Kind != kAttribute {
		return a.ev.Eval(fn)
	}
	at, o := t.Child(fn, fAttribute), t.Child(fn, fObject)
	if at == none || o == none || t.Nodes[o].Kind == kIdentifier && t.Is(o, "self") || t.Is(at, "value") {
		return a.ev.Eval(fn)
	}
	return a.member(*recv, t.Text(at), fn)
}

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
		return a.ev.Eval(pos[i])
	}
	// The receiver of a method call is evaluated once: the models below
	// and the callee's value (its attribute) all read it, and evaluating
	// it again doubled the work at each link of a chain
	// (`s.strip().strip()...`: 2^n steps for n links).
	var recv *value
	recvOf := func() value {
		if recv == nil {
			v := a.ev.Eval(t.Child(fn, fObject))
			recv = &v
		}
		return *recv
	}
	if t.Nodes[fn].Kind == kAttribute {
		if at := t.Child(fn, fAttribute); at != none {
			name := t.Text(at)
			if name == "join" {
				if sep := recvOf(); sep.Known() {
					if l := arg(0); l.K == vArr {
						return treesitter.JoinValues(l.Elems, sep.S, n)
					}
				}
			}
			if name == "copy" {
				// x.copy() is x
				if v := recvOf(); v.K == vArr || v.K == vObj {
					v.Node, v.Lit = n, none
					return v
				}
			}
			if (name == "values" || name == "items") && len(pos) == 0 {
				// d.values(), d.items(): every entry (with its key)
				d := recvOf()
				if d.K == vObj && d.Obj != none && (isDict(t, d.Obj) || t.Nodes[d.Obj].Kind == kArgumentList) {
					return a.entries(d, name == "items", n)
				}
				if d.K == vRef && apiOf(d) == apiNone && !strings.HasPrefix(d.Mod, "#") && len(d.Path) > 0 {
					// consts.TOOLS.values(): another module's dict, any
					// entry (scanner.AnyMember)
					anyRef := d
					anyRef.Path = treesitter.AppendPath(d.Path, scanner.AnyMember)
					if v, ok := a.importedConst(anyRef, n); ok {
						if name == "items" {
							v = value{K: vArr, Elems: []value{treesitter.Unknown(n), v}, Node: n, Lit: none}
						}
						return value{K: vArr, Elems: []value{v}, Node: n, Lit: none}
					}
				}
			}
			if name == "get" || name == "pop" {
				// d.get(k, default), d.pop(k, default): the entry, else the default
				if d := recvOf(); d.K == vObj && d.Obj != none && (isDict(t, d.Obj) || t.Nodes[d.Obj].Kind == kArgumentList) {
					var e value
					if k := arg(0); k.Known() && k.Alt == nil {
						if v, ok := a.prop(d, k.S); ok {
							return v
						}
						e = treesitter.Unknown(n)
					} else {
						e = a.anyEntry(d, n)
					}
					if len(pos) > 1 {
						return treesitter.Union(a.ev.Cfg, []value{e, arg(1)}, n)
					}
					return e
				} else if len(pos) == 2 && (d.K == vUnknown || d.K == vStr && d.Other || d.K == vRef && apiOf(a.calleeOf(fn, recv)) == apiNone) {
					// TOOLS.get("review", "claude") on a mapping not known
					// here (another module's dict, a parameter): some
					// entry, or the default
					e := treesitter.Unknown(n)
					if k := arg(0); (d.K == vUnknown || d.K == vStr && d.Other) && !d.Env && k.Known() && k.Alt == nil {
						e = a.dataKey(e, k.S, n)
					}
					return treesitter.Union(a.ev.Cfg, []value{e, arg(1)}, n)
				} else if len(pos) == 1 && (d.K == vUnknown || d.K == vStr && d.Other) && !d.Env {
					if k := arg(0); k.Known() && k.Alt == nil {
						return a.dataKey(treesitter.Unknown(n), k.S, n)
					}
				}
			}
			if name == "split" {
				if s := recvOf(); s.K == vStr {
					if len(pos) == 0 {
						return splitWords(s, n, false)
					}
					if sep := arg(0); sep.Known() && sep.S != "" {
						return treesitter.Split(s, sep.S, n)
					}
				}
			}
			if name == "substitute" || name == "safe_substitute" {
				// string.Template("$bin -p").substitute(bin="claude")
				var mapping value
				if len(pos) > 0 {
					mapping = arg(0)
				}
				if tmpl, ok := a.templateText(t.Child(fn, fObject)); ok {
					return a.substitute(tmpl, mapping, kw, n)
				}
				// string.Template(open("job.sh.tmpl").read()).substitute(...)
				if o := a.boundValue(t.Child(fn, fObject)); o != none && t.Nodes[o].Kind == kCall {
					if args := t.Child(o, fArguments); args != none && t.Nodes[args].First != none {
						if v, ok := a.fileTemplate(t.Nodes[args].First, n, func(src string) (value, bool) {
							return a.substitute(treesitter.Str(src, n), mapping, kw, n), true
						}); ok {
							return v
						}
					}
				}
			}
			if name == "render" || name == "render_async" {
				// env.get_template("job.sh.j2").render(**cfg)
				var mapping value
				if len(pos) > 0 {
					mapping = arg(0)
				}
				if v, ok := a.jinjaRender(t.Child(fn, fObject), mapping, kw, n); ok {
					return v
				}
			}
			if name == "format" || name == "format_map" {
				// open("job.sh.tmpl").read().format(**cfg)
				var mapping value
				if name == "format_map" && len(pos) > 0 {
					mapping = arg(0)
				}
				if v, ok := a.fileTemplate(t.Child(fn, fObject), n, func(src string) (value, bool) {
					return a.formatNamed(src, mapping, kw, name == "format", n)
				}); ok {
					return v
				}
			}
			if name == "format" || name == "format_map" {
				// "{tool} -p".format(tool="claude"),
				// "{tool} -p".format_map({"tool": "claude"}): named fields
				if recv := recvOf(); recv.K == vStr && recv.Known() && recv.Alt == nil {
					var mapping value
					if name == "format_map" && len(pos) > 0 {
						mapping = arg(0)
					}
					if v, ok := a.formatNamed(recv.S, mapping, kw, name == "format", n); ok {
						return v
					}
				} else if recv.K != vStr {
					// TEMPLATE.format(bin=AGENT), the template not known
					// here: it may put any of its arguments in the text
					if v, ok := a.formatUnknown(n, name == "format_map", n); ok {
						return v
					}
				}
			}
			if name != "join" && name != "split" {
				recv := recvOf()
				switch recv.K {
				case vStr:
					// a string method: computed when modelled, else the
					// receiver's text stays a possibility
					var args []value
					for i := range pos {
						args = append(args, arg(i))
					}
					return treesitter.StrMethod(strMethods[name], recv, args, n)
				case vArr:
					if name == "pop" {
						// a.pop() is the last element, a.pop(i) element i
						if len(pos) == 0 && len(recv.Elems) > 0 {
							return recv.Elems[len(recv.Elems)-1]
						}
						if i, ok := intOfValue(arg(0)); ok && i >= 0 && i < len(recv.Elems) {
							return recv.Elems[i]
						}
						return treesitter.Union(a.ev.Cfg, recv.Elems, n)
					}
				}
			}
		}
	}
	if t.Nodes[fn].Kind == kIdentifier && (t.Is(fn, "list") || t.Is(fn, "tuple")) && !a.scopes.Bound([]byte(t.Text(fn))) {
		// list(x) / tuple(x) of a list is that list; list() is empty
		if len(pos) == 0 {
			return value{K: vArr, Node: n, Lit: none}
		}
		if v := arg(0); v.K == vArr {
			v.Node, v.Lit = n, none
			return v
		}
		return treesitter.Unknown(n)
	}
	if t.Nodes[fn].Kind == kIdentifier && t.Is(fn, "sorted") && !a.scopes.Bound([]byte("sorted")) {
		// sorted(xs): xs in an order not known, each place any element
		if l := arg(0); l.K == vArr {
			out := value{K: vArr, Node: n, Lit: none, Elems: make([]value, len(l.Elems))}
			all := treesitter.Union(a.ev.Cfg, l.Elems, n)
			for i := range out.Elems {
				out.Elems[i] = all
			}
			return out
		}
	}
	if t.Nodes[fn].Kind == kIdentifier && t.Is(fn, "enumerate") && !a.scopes.Bound([]byte("enumerate")) {
		// enumerate(xs): the pairs (index, element) of xs
		if l := arg(0); l.K == vArr {
			out := value{K: vArr, Node: n, Lit: none, Elems: make([]value, len(l.Elems))}
			for i, e := range l.Elems {
				out.Elems[i] = value{K: vArr, Elems: []value{treesitter.Unknown(n), e}, Node: n, Lit: none}
			}
			return out
		}
	}
	if v, ok := a.importedCalled(fn, n); ok {
		return v
	}
	callee := a.calleeOf(fn, recv)
	if v, ok := a.fieldDefault(callee, pos, kw, n); ok {
		return v
	}
	if callee.K == vRef && callee.Mod == "functools" && len(callee.Path) == 1 && callee.Path[0] == "partial" {
		// functools.partial(subprocess.run, [...]): the function, with
		// the partial call's arguments bound first
		if f := arg(0); f.K == vRef && f.Bound == 0 {
			f.Bound, f.Node, f.Lit = n, n, none
			return f
		}
		return treesitter.Unknown(n)
	}
	if m, ok := a.importModule(callee, pos, kw); ok {
		if m == anyModule {
			return value{K: vRef, Mod: anyModule, Node: n, Lit: none}
		}
		return a.refValue(value{K: vRef, Mod: normModule(m), Node: n, Lit: none})
	}
	switch callee.K {
	case vCmd:
		return treesitter.Unknown(n) // running a command returns its output
	case vFunc:
		return a.ev.CallValue(callee, n)
	case vRef:
		if v, ok := a.importedReturn(callee, n); ok {
			return v
		}
	default:
		if t.Nodes[fn].Kind == kAttribute {
			// a method of an object of unknown class (`registry.get(...)`);
			// a class or function of the file is read as itself
			return a.mayReturnArg(callee, pos, n)
		}
		return treesitter.Unknown(n)
	}
	if callee.Mod == "builtins" && len(callee.Path) == 2 && callee.Path[0] == "str" {
		// str.lower("CLAUDE"): the method with its receiver first
		if op, ok := strMethods[callee.Path[1]]; ok || len(pos) > 0 {
			var args []value
			for i := 1; i < len(pos); i++ {
				args = append(args, arg(i))
			}
			return treesitter.StrMethod(op, arg(0), args, n)
		}
	}
	if k, ok := keyOf(callee, connections); ok {
		// Connection(host): an instance whose methods run commands
		i := strings.IndexByte(k, ':')
		return value{K: vRef, Mod: k[:i], Path: []string{k[i+1:] + "()"}, Node: n, Lit: none}
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
	case apiStrFunc:
		op := treesitter.StrIdentity
		if k, ok := keyOf(callee, strFuncs); ok {
			op = strFuncs[k]
		} else if c := arg(1); c.Known() {
			// codecs.decode(s, "rot13")
			op = codecs[strings.ToLower(strings.ReplaceAll(c.S, "-", "_"))]
		}
		return treesitter.StrMethod(op, arg(0), nil, n)
	case apiMap:
		f, l := arg(0), arg(1)
		if l.K == vStr {
			l = treesitter.Chars(l, n)
		}
		if l.K != vArr || l.Alt != nil {
			return treesitter.Unknown(n)
		}
		out := value{K: vArr, Node: n, Lit: none}
		if f.K != vRef || f.Mod != "builtins" || len(f.Path) == 0 {
			// map(lambda x: x.strip(), xs), or a function not modelled:
			// each element is what the lambda makes of it, or the
			// element or any value (the function may hand it back)
			for _, e := range l.Elems {
				out.Elems = append(out.Elems, a.mapped(f, e, n))
			}
			return out
		}
		for _, e := range l.Elems {
			switch {
			case f.Path[0] == "chr" && len(f.Path) == 1:
				out.Elems = append(out.Elems, treesitter.StrFromCodes([]value{e}, n))
			case f.Path[0] == "str" && len(f.Path) == 2:
				out.Elems = append(out.Elems, treesitter.StrMethod(strMethods[f.Path[1]], e, nil, n))
			case f.Path[0] == "str":
				out.Elems = append(out.Elems, e)
			default:
				return treesitter.Unknown(n)
			}
		}
		return out
	case apiZip:
		l, r := arg(0), arg(1)
		if l.K != vArr || r.K != vArr {
			return treesitter.Unknown(n)
		}
		out := value{K: vArr, Node: n, Lit: none}
		for i := 0; i < len(l.Elems) && i < len(r.Elems); i++ {
			out.Elems = append(out.Elems, value{K: vArr, Elems: []value{l.Elems[i], r.Elems[i]}, Node: n, Lit: none})
		}
		return out
	case apiChr:
		return treesitter.StrFromCodes([]value{arg(0)}, n)
	case apiBytes:
		switch v := arg(0); v.K {
		case vArr:
			return treesitter.StrFromCodes(v.Elems, n)
		case vStr:
			v.Node, v.Lit = n, none
			return v
		}
	case apiReversed:
		return treesitter.Reverse(arg(0), n)
	case apiDeque:
		if len(pos) == 0 {
			return value{K: vArr, Node: n, Lit: none}
		}
		if v := arg(0); v.K == vArr {
			v.Node, v.Lit = n, none
			return v
		}
	case apiNamespace:
		return kw
	case apiGetattr:
		if name := arg(1); !name.MaybeOther() && name.Alt == nil {
			v := a.member(arg(0), name.S, n)
			if len(pos) > 2 {
				return treesitter.Union(a.ev.Cfg, []value{v, arg(2)}, n)
			}
			return v
		}
		if o := arg(0); !o.Cut && hasProcessAPI(o) {
			// getattr(subprocess, name) with a name not known: any
			// of the module's process APIs
			return value{K: vRef, Mod: anyProcMember, Node: n, Lit: none}
		}
	case apiChoice:
		if l := arg(0); l.K == vArr {
			return a.ev.Tracked(treesitter.Union(a.ev.Cfg, l.Elems, n))
		}
	case apiIter:
		if l := arg(0); l.K == vArr {
			return l
		}
	case apiReduce:
		return a.reduce(pos, n)
	case apiCopy:
		v := arg(0)
		v.Node, v.Lit = n, none
		return v
	case apiBasename:
		return treesitter.Basename(arg(0), n)
	case apiRunSync:
		// anyio.to_thread.run_sync(f) / asyncio.to_thread(f) return f()
		if f := arg(0); f.K == vFunc {
			return a.ev.CallValue(f, n)
		}
	case apiWhich:
		if m := arg(0); m.Known() {
			return treesitter.DynamicStr(m.S, n)
		}
	case apiEnvGet:
		def := arg(1)
		if d, ok := a.prop(kw, "default"); ok {
			def = d
		}
		var out value
		if def.Known() {
			out = treesitter.DynamicStr(def.S, n)
		} else {
			out = treesitter.Unknown(n)
			out.Env = true
		}
		return a.envValue(arg(0), out, n)
	case apiOptionDefault:
		def := arg(0)
		if d, ok := a.prop(kw, "default"); ok {
			def = d
		}
		var out []value
		for _, p := range def.Possibilities() {
			if p.Known() {
				out = append(out, treesitter.DynamicStr(p.S, n))
			}
		}
		if len(out) == 0 {
			return treesitter.Unknown(n)
		}
		return treesitter.Union(a.ev.Cfg, out, n)
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
			if sm := treesitter.LookupRE.FindStringSubmatch(m.S); sm != nil {
				return treesitter.DynamicStr(sm[1], n)
			}
		}
	case apiSubprocess:
		if l := arg(0); l.K == vArr && len(l.Elems) >= 2 && l.Elems[0].Known() {
			if c := l.Elems[0].S; c == "which" || c == "command" {
				if last := l.Elems[len(l.Elems)-1]; last.Known() {
					return treesitter.DynamicStr(last.S, n)
				}
			}
		}
		if m := arg(0); m.Known() {
			if sm := treesitter.LookupRE.FindStringSubmatch(m.S); sm != nil {
				return treesitter.DynamicStr(sm[1], n)
			}
		}
	case apiNone:
		switch {
		case callee.Mod == "json" && len(callee.Path) == 1 && callee.Path[0] == "loads":
			// json.loads('"claude"'): the string the text spells
			if v := arg(0); v.Known() && v.Alt == nil && len(v.S) <= treesitter.MaxArgText {
				var s string
				if json.Unmarshal([]byte(v.S), &s) == nil {
					return treesitter.Str(s, n)
				}
				// json.loads('{"bin": "claude"}'): a dict or a list whose
				// parts are any of the strings it holds, keys too, or what
				// the text does not spell
				if parts, ok := treesitter.JSONStrings(a.ev.Cfg, v.S, n); ok {
					return parts
				}
			}
		}
		return a.mayReturnArg(callee, pos, n)
	}
	return treesitter.Unknown(n)
}

// formatUnknown is what `.format(...)` (or `.format_map(mapping)`,
// mapping) of a template not known statically makes at call: any of its
// arguments whose value names a runtime (a keyword's, a positional's,
// the mapping's entries) may be in the text, or an unknown (ok false
// when none names one: the result stays unknown). As shell text the
// runtime's name is then a command, over-approximating the template.
func (a *analyzer) formatUnknown(call int32, mapping bool, n int32) (value, bool) {
	t := a.t
	args := t.Child(call, fArguments)
	if args == none {
		return value{}, false
	}
	var vals []value
	read := 0
	for c := t.Nodes[args].First; c != none && read < treesitter.MaxArgsRead; c = t.Nodes[c].Next {
		var v value
		switch t.Nodes[c].Kind {
		case kKeywordArgument:
			e := t.Child(c, fValue)
			if e == none {
				continue
			}
			v = a.ev.Eval(e)
		case kComment, kListSplat, kDictionarySplat:
			continue
		default:
			v = a.ev.Eval(c)
			if mapping && v.K == vObj {
				v = a.anyEntry(v, n)
			}
		}
		read++
		for _, p := range v.Possibilities() {
			if p.K == vStr && p.Known() && a.ev.Cfg.NamesRuntime([]byte(p.S)) {
				vals = append(vals, v)
				break
			}
		}
	}
	if len(vals) == 0 {
		return value{}, false
	}
	return treesitter.Union(a.ev.Cfg, append(vals, treesitter.Unknown(n)), n), true
}

// handedBack is an attribute or an entry (at n) of v, the value of obj:
// when obj is a call the analysis does not model whose own arguments
// name a runtime (`somelib.wrap({"bin": "claude"})["bin"]`, or a name
// bound only to one), v is the union of what it was handed and an
// unknown (mayReturnArg), and a part of what it hands back may be any of
// those strings: the union stands for it. A string value read whole
// (`.upper`, `.split`) is not such a part.
func (a *analyzer) handedBack(v value, obj int32, n int32) (value, bool) {
	t := a.t
	if v.K != vStr || !v.Other || v.Env || obj == none {
		return value{}, false
	}
	if t.Nodes[n].Kind == kAttribute {
		at := t.Child(n, fAttribute)
		if at == none || wholeStrMethods[t.Text(at)] {
			return value{}, false
		}
		if _, ok := strMethods[t.Text(at)]; ok {
			return value{}, false
		}
		if par := t.Nodes[n].Parent; par != none && t.Nodes[par].Kind == kCall && t.Child(par, fFunction) == n {
			return value{}, false // a method called on it
		}
	}
	known := false
	for _, p := range v.Possibilities() {
		known = known || p.Known()
	}
	if !known || !a.callNamingRuntime(obj) {
		return value{}, false
	}
	v.Node, v.Lit = n, none
	return v, true
}

// wholeStrMethods are methods of a string (besides strMethods): read on a
// string, not parts of an object a call handed back.
var wholeStrMethods = map[string]bool{
	"upper": true, "lower": true, "strip": true, "lstrip": true, "rstrip": true, "split": true,
	"rsplit": true, "splitlines": true, "join": true, "replace": true, "format": true, "encode": true,
	"startswith": true, "endswith": true, "find": true, "rfind": true, "index": true, "count": true,
	"partition": true, "rpartition": true, "title": true, "capitalize": true, "casefold": true,
	"removeprefix": true, "removesuffix": true, "zfill": true, "center": true, "ljust": true, "rjust": true,
	"expandtabs": true, "format_map": true, "translate": true, "swapcase": true,
}

// callNamingRuntime reports whether node o is a call whose own arguments'
// text names a runtime, or a name bound only to one (handedBack).
func (a *analyzer) callNamingRuntime(o int32) bool {
	t := a.t
	for o != none && (t.Nodes[o].Kind == kParen || t.Nodes[o].Kind == kAwait) {
		o = t.Nodes[o].First
	}
	if o = a.boundValue(o); o == none || t.Nodes[o].Kind != kCall {
		return false
	}
	args := t.Child(o, fArguments)
	if args == none {
		return false
	}
	text := t.Src[t.Nodes[args].Start:t.Nodes[args].End]
	return len(text) <= treesitter.MaxArgText+2 && a.ev.Cfg.Triggers().Scan(text).Has(scanner.HitRuntime)
}

// mayReturnArg is the result of call n of a function the analysis does
// not model, handed the positional arguments pos: unknown, or any
// argument whose text names a runtime, which it may hand back
// (`somelib.resolve("claude")`, `obj.normalise("claude")`;
// treesitter.Evaluator.MayReturnArg; unmodelled_call_of_runtime.py). A
// function of a module of the repository is read from its summary in
// the repository phase (importedReturn): there its result is what the
// summary says, not its arguments.
func (a *analyzer) mayReturnArg(callee value, pos []int32, n int32) value {
	if a.p.Imports != nil && callee.K == vRef && callee.Mod != "" {
		if _, _, ok := a.p.Imports.Source(callee.Mod); ok {
			return treesitter.Unknown(n)
		}
	}
	if t := a.t; a.p.Hits.Has(scanner.HitRuntime) && t.Nodes[n].Kind == kCall {
		// its keyword arguments too: `Template(text).render(agent="claude")`
		// may put the value in what it hands back
		if args := t.Child(n, fArguments); args != none {
			var kws []int32
			for c := t.Nodes[args].First; c != none; c = t.Nodes[c].Next {
				if t.Nodes[c].Kind == kKeywordArgument {
					if v := t.Child(c, fValue); v != none {
						kws = append(kws, v)
					}
				}
			}
			if len(kws) > 0 {
				pos = append(slices.Clip(pos), kws...)
			}
		}
	}
	return a.ev.MayReturnArg(a.p.Hits.Has(scanner.HitRuntime), pos, n, a.anyEntry)
}

// fieldDefault is the default of a class field declared through a field
// function (dataclasses.field, attrs' field/ib/attrib, pydantic's Field):
// default=, a pydantic positional default, or what default_factory (attrs:
// factory) returns.
func (a *analyzer) fieldDefault(callee value, pos []int32, kw value, n int32) (value, bool) {
	if callee.K != vRef || len(callee.Path) == 0 {
		return value{}, false
	}
	switch callee.Mod {
	case "dataclasses", "attr", "attrs", "pydantic", "sqlmodel", "pydantic.fields":
	default:
		return value{}, false
	}
	switch callee.Path[len(callee.Path)-1] {
	case "field", "Field", "ib", "attrib":
	default:
		return value{}, false
	}
	if d, ok := a.prop(kw, "default"); ok {
		return d, true
	}
	for _, k := range []string{"default_factory", "factory"} {
		// attrs names it factory=: attrs.field(factory=lambda: [...])
		if f, ok := a.prop(kw, k); ok {
			if f.K == vFunc && f.Fn != none {
				return a.ev.ReturnValue(f.Fn, n), true
			}
			return treesitter.Unknown(n), true
		}
	}
	if callee.Path[len(callee.Path)-1] == "Field" && len(pos) > 0 {
		return a.ev.Eval(pos[0]), true
	}
	return treesitter.Unknown(n), true
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

// Body is what a call of fn evaluates: a lambda's expression body, or
// the return statements of a function.
func (a *analyzer) Body(fn int32) (int32, bool) {
	return a.t.Child(fn, fBody), a.t.Nodes[fn].Kind == kLambda
}

// optionMethods declare a command-line option (argparse, optparse).
var optionMethods = map[string]bool{"add_argument": true, "add_option": true, "set_defaults": true}

// optionValues is what the attribute name of parsed command-line options
// may hold, by the file's option declarations: the default, the choices
// and the const of every option whose destination is name, and the
// set_defaults value of that name. Each is a run-time value (class
// dynamic): the user may pass another, and without one the program runs
// the default. The receiver is not checked: any add_argument call of the
// file counts (an over-approximation).
func (a *analyzer) optionValues(name string, n int32) []value {
	return a.options.Values(name, n, a.collectOption)
}

// collectOption adds the values one option declaration gives (optionValues).
func (a *analyzer) collectOption(call int32) {
	t := a.t
	fn := t.Child(call, fFunction)
	args := t.Child(call, fArguments)
	if fn == none || args == none {
		return
	}
	method := t.Text(t.Child(fn, fAttribute))
	prefix := ""
	if method == "option" || method == "argument" {
		prefix = "param:" // a click decorator: the parameter's name
	}
	var dest string
	var flags []string
	kws := map[string]int32{}
	for c := t.Nodes[args].First; c != none; c = t.Nodes[c].Next {
		switch t.Nodes[c].Kind {
		case kKeywordArgument:
			if nm := t.Child(c, fName); nm != none {
				kws[t.Text(nm)] = t.Child(c, fValue)
			}
		default:
			if v := a.ev.Eval(c); v.Known() && v.Alt == nil {
				flags = append(flags, v.S)
			}
		}
	}
	add := func(dest string, node int32) {
		if dest == "" || node == none {
			return
		}
		a.options.Add(dest, a.ev.Eval(node))
	}
	if method == "set_defaults" {
		for k, node := range kws {
			add(k, node)
		}
		return
	}
	if d, ok := kws["dest"]; ok {
		if v := a.ev.Eval(d); v.Known() {
			dest = v.S
		}
	}
	if dest == "" {
		// the first long flag, else the first short one, else the
		// positional name: --agent-bin → agent_bin
		for _, pass := range []string{"", "--", "-"} {
			for _, f := range flags {
				if dest == "" && f != "" && (pass == "" && f[0] != '-' || pass == "--" && strings.HasPrefix(f, "--") || pass == "-" && f[0] == '-') {
					dest = strings.ReplaceAll(strings.TrimLeft(f, "-"), "-", "_")
				}
			}
		}
	}
	if dest == "" {
		return
	}
	dest = prefix + dest
	for _, k := range []string{"default", "choices", "const"} {
		if node, ok := kws[k]; ok {
			add(dest, node)
		}
	}
	if ty, ok := kws["type"]; ok && t.Nodes[ty].Kind == kCall {
		// type=click.Choice(["codex", "pi"]): the choices
		if targs := t.Child(ty, fArguments); targs != none && t.Nodes[targs].First != none {
			add(dest, t.Nodes[targs].First)
		}
	}
}
