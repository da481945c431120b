package treesitter

import (
	"slices"
	"strconv"

	"github.com/leasegate/leasegate/scanner"
)

// MaxPossibilities bounds how many possibilities one value holds. A value
// that would hold more keeps the ones whose text names a command first and
// is marked dynamic: the bound is reported, never a silent drop.
const MaxPossibilities = 16

// Possibilities lists what v may be: v itself (without its alternatives)
// and each alternative in turn.
func (v Value) Possibilities() []Value {
	// counted first, so the list is allocated once at its size
	k := 0
	for p := &v; p != nil && k < 4*MaxPossibilities; p = p.Alt {
		k++
	}
	out := make([]Value, 0, k)
	for p := &v; p != nil && len(out) < 4*MaxPossibilities; p = p.Alt {
		q := *p
		q.Alt = nil
		out = append(out, q)
	}
	return out
}

// chain links ps into one value: ps[0] with the others as its
// alternatives. Each alternative is the element of ps itself, not a copy
// of it, so a chain costs no allocation: ps is the caller's own list,
// never changed after, and no one writes through an Alt.
func chain(ps []Value) Value {
	for i := len(ps) - 2; i >= 0; i-- {
		ps[i].Alt = &ps[i+1]
	}
	return ps[0]
}

// chainObjects chains objects as possibilities (Union), keeping at most
// 4*MaxPossibilities of them: past that the first is marked (Via
// dynamic), so a property read of it is dynamic.
func chainObjects(objs []Value) Value {
	keep := objs
	if len(keep) > 4*MaxPossibilities {
		keep = keep[:4*MaxPossibilities]
	}
	for i := range keep {
		keep[i].Alt = nil
	}
	out := chain(keep)
	if len(keep) < len(objs) {
		out.Via = scanner.ClassDynamic
	}
	return out
}

// samePossibility reports whether two possibilities are the same string
// reached the same way (or the same non-string value).
func samePossibility(a, b Value) bool {
	if a.K != b.K {
		return false
	}
	switch a.K {
	case VStr:
		return a.S == b.S && a.Sh == b.Sh && a.Via == b.Via && a.Partial == b.Partial && a.AnyKnown == b.AnyKnown && a.Env == b.Env
	case VBool:
		return a.B == b.B
	case VNull:
		return true
	case VRef:
		return a.Mod == b.Mod && slices.Equal(a.Path, b.Path)
	case VFunc:
		return a.Fn == b.Fn
	case VObj:
		return a.Obj == b.Obj
	case VArr:
		if len(a.Elems) != len(b.Elems) {
			return false
		}
		for i := range a.Elems {
			if !samePossibility(a.Elems[i], b.Elems[i]) {
				return false
			}
		}
		return true
	}
	return false
}

// distinct flattens the possibilities of vals, dropping repeats. Past a
// few possibilities they are found in a map (possKey): a union over a
// long list (an unmodelled mutation of a bundle's array) was quadratic.
func distinct(vals []Value) []Value {
	ps := make([]Value, 0, len(vals))
	var seen map[possKey]struct{}
	for i := range vals {
		k := 0
		for p := &vals[i]; p != nil && k < 4*MaxPossibilities; p = p.Alt {
			k++
			q := *p
			q.Alt = nil
			if seen == nil && len(ps) >= distinctLinear {
				seen = make(map[possKey]struct{}, 2*len(ps))
				for _, r := range ps {
					if rk, c := keyOf(r); c == keyed {
						seen[rk] = struct{}{}
					}
				}
			}
			if seen == nil {
				if !slices.ContainsFunc(ps, func(r Value) bool { return samePossibility(q, r) }) {
					ps = append(ps, q)
				}
				continue
			}
			switch key, c := keyOf(q); c {
			case keyed:
				if _, dup := seen[key]; !dup {
					seen[key] = struct{}{}
					ps = append(ps, q)
				}
			case unequal:
				ps = append(ps, q)
			default:
				if !slices.ContainsFunc(ps, func(r Value) bool { return samePossibility(q, r) }) {
					ps = append(ps, q)
				}
			}
		}
	}
	if len(ps) == 0 {
		return nil
	}
	return ps
}

// distinctLinear is how many possibilities distinct compares one by one
// before it keeps a map.
const distinctLinear = 16

// possKey identifies a possibility by what samePossibility compares: two
// keyed possibilities are the same exactly when their keys are equal.
type possKey struct {
	k   ValueKind
	s   string
	b   bool
	n   int32
	str strKey
}

type strKey struct {
	sh                     string
	via                    scanner.Class
	partial, anyKnown, env bool
}

// keyClass says how distinct finds a possibility's repeats.
type keyClass uint8

const (
	keyed   keyClass = iota // by its key
	unequal                 // none: samePossibility holds it equal to nothing
	scan                    // by comparing it with each (a list nested too deep)
)

// maxKeyDepth bounds the lists within lists a key spells out.
const maxKeyDepth = 8

func keyOf(v Value) (possKey, keyClass) {
	switch v.K {
	case VStr:
		return possKey{k: v.K, s: v.S, str: strKey{sh: v.Sh, via: v.Via, partial: v.Partial, anyKnown: v.AnyKnown, env: v.Env}}, keyed
	case VBool:
		return possKey{k: v.K, b: v.B}, keyed
	case VNull:
		return possKey{k: v.K}, keyed
	case VFunc:
		return possKey{k: v.K, n: v.Fn}, keyed
	case VObj:
		return possKey{k: v.K, n: v.Obj}, keyed
	case VRef, VArr:
		b, c := appendKey(nil, v, 0)
		return possKey{k: v.K, s: string(b)}, c
	}
	return possKey{}, unequal
}

// appendKey spells v for a key: each part after its kind and, for text,
// its length, so that different possibilities never spell the same.
func appendKey(b []byte, v Value, depth int) ([]byte, keyClass) {
	text := func(s string) {
		b = strconv.AppendInt(b, int64(len(s)), 10)
		b = append(b, ':')
		b = append(b, s...)
	}
	flag := func(x bool) {
		if x {
			b = append(b, '1')
		} else {
			b = append(b, '0')
		}
	}
	b = strconv.AppendInt(b, int64(v.K), 10)
	b = append(b, '/')
	switch v.K {
	case VStr:
		text(v.S)
		text(v.Sh)
		text(string(v.Via))
		flag(v.Partial)
		flag(v.AnyKnown)
		flag(v.Env)
	case VBool:
		flag(v.B)
	case VNull:
	case VFunc:
		b = strconv.AppendInt(b, int64(v.Fn), 10)
	case VObj:
		b = strconv.AppendInt(b, int64(v.Obj), 10)
	case VRef:
		text(v.Mod)
		b = strconv.AppendInt(b, int64(len(v.Path)), 10)
		for _, s := range v.Path {
			text(s)
		}
	case VArr:
		if depth == maxKeyDepth {
			return b, scan
		}
		b = strconv.AppendInt(b, int64(len(v.Elems)), 10)
		for _, e := range v.Elems {
			var c keyClass
			if b, c = appendKey(b, e, depth+1); c != keyed {
				return b, c // an element equal to nothing makes the list so
			}
		}
	default:
		return b, unequal
	}
	b = append(b, ';')
	return b, keyed
}

// namesCommand reports whether possibility v is a string whose known text
// names a runtime or the wrapper as a command, or a runtime's package (an
// argument of npx): the possibility a reader of one string must see.
func namesCommand(cfg *scanner.Config, v Value) bool {
	if cfg == nil || !v.Usable() {
		return false
	}
	if NamesCommand(cfg, v.S) {
		return true
	}
	_, ok := cfg.RuntimeForPackage(v.S)
	return ok
}

// Union is the value that may be any of vals. Strings are the
// possibilities that can name a command, so when any possibility is a
// string the value is the set of strings, those that name a runtime or the
// wrapper first (code that reads one string sees the launch); an opaque
// possibility names no command and is left out, marked (Value.Other) for
// the readers of a module's name or a key, which take it as any. A list whose first element
// is a string carries the first elements of the other lists as that
// element's alternatives. A function value that may be one of several
// library functions is the first of them (they take the same arguments).
// Otherwise values that are all the same stand and values that differ are
// unknown at n.
func Union(cfg *scanner.Config, vals []Value, n int32) Value {
	if len(vals) == 0 {
		return Unknown(n)
	}
	if len(vals) == 1 {
		return vals[0]
	}
	ps := distinct(vals)
	if len(ps) == 1 {
		return vals[0]
	}
	nulls, strs, lists, refs, objs := 0, 0, 0, 0, 0
	for _, p := range ps {
		switch p.K {
		case VNull:
			nulls++
		case VStr:
			strs++
		case VArr:
			lists++
		case VRef:
			refs++
		case VObj:
			objs++
		}
	}
	if nulls > 0 && len(ps)-nulls == 1 {
		// one value or null (`this.core = await createCore()` and
		// `this.core = undefined`): null has no member to read and
		// runs nothing, so the value is the other one, its module and
		// path kept (repo_field_reset_to_undefined.txtar)
		for _, p := range ps {
			if p.K != VNull {
				p.Node = n
				return p
			}
		}
	}
	switch {
	case strs > 0:
		other, cut := false, false
		for _, p := range ps {
			// an unknown, another module's value, a string with an
			// unknown part (`process.env.M`) that bound may leave out
			if p.K == VUnknown || p.K == VRef || p.K == VStr && (!p.Known() || p.Other) {
				other = true
			}
			// what a bound left unread stays a possibility: as a
			// command, a launch of an unknown runtime (UnionPast)
			cut = cut || p.Cut && p.K != VStr
		}
		out := chain(bound(cfg, ofKind(ps, VStr)))
		if cut {
			out = chain(append(dynamicValue(out).Possibilities(), CutAt(n)))
		}
		out.Other = out.Other || other
		return out
	case lists > 0:
		return unionLists(cfg, ofKind(ps, VArr))
	case refs > 0:
		// a function value that may be one of several library functions
		// (sync ? spawnSync : spawn): the first is called like the others,
		// and the others stay possibilities, so a process API or the SDK
		// after a function of the repository is still seen (open ?
		// mine : query)
		return chain(ofKind(ps, VRef))
	case objs > 0 && objs+nulls == len(ps):
		// any of several objects (`x ? {command: "node"} : {command:
		// "pi"}`, a function returning one of them): a property read is
		// that of each (the detectors' prop); past 4*MaxPossibilities
		// the rest are not read and every property read is dynamic. A
		// null (undefined, None) beside them has no property to read
		// (`let cmd; cmd = {...}`, `cmd || undefined`): the objects are
		// what a read may see (repo_class_method_return_named_reexport.txtar)
		return chainObjects(ofKind(ps, VObj))
	}
	return Unknown(n)
}

// ofKind keeps the possibilities of kind k of ps, in order, in ps's own
// array (Union's list from distinct, which nothing else holds): no list
// is allocated for them.
func ofKind(ps []Value, k ValueKind) []Value {
	out := ps[:0]
	for _, p := range ps {
		if p.K == k {
			out = append(out, p)
		}
	}
	return out
}

// unionLists is the list of several possible lists: the first one whose
// first element names a command (else the first), whose first element may
// be the first element of any of them.
func unionLists(cfg *scanner.Config, lists []Value) Value {
	primary := lists[0]
	var firsts []Value
	for _, l := range lists {
		if len(l.Elems) == 0 {
			continue
		}
		firsts = append(firsts, l.Elems[0])
		if len(primary.Elems) == 0 || namesCommand(cfg, l.Elems[0]) && !namesCommand(cfg, primary.Elems[0]) {
			// an empty list (`return []` on one path) holds no command
			primary = l
		}
	}
	if len(primary.Elems) == 0 || len(firsts) < 2 {
		return primary
	}
	elems := slices.Clone(primary.Elems)
	elems[0] = Union(cfg, append([]Value{primary.Elems[0]}, firsts...), elems[0].Node)
	primary.Elems = elems
	return primary
}

// bound orders possibilities (those naming a command first, and those
// standing for what a bound left unread, Value.Cut) and keeps at most
// MaxPossibilities of them, marking the kept ones dynamic when any was
// left out.
func bound(cfg *scanner.Config, ps []Value) []Value {
	// one list: those that come first from its front, the rest from its
	// back (reversed, then turned back in place)
	out := make([]Value, len(ps))
	f, r := 0, len(ps)
	for _, p := range ps {
		if namesCommand(cfg, p) || p.Cut {
			out[f] = p
			f++
		} else {
			r--
			out[r] = p
		}
	}
	slices.Reverse(out[f:])
	if len(out) <= MaxPossibilities {
		return out
	}
	out = out[:MaxPossibilities]
	for i := range out {
		out[i] = dynamicPossibility(out[i])
	}
	return out
}

// dynamicPossibility marks a possibility kept past a bound: its name is
// judged as a value found at run time.
func dynamicPossibility(v Value) Value {
	if v.K == VStr {
		v.Via = scanner.ClassDynamic
	}
	return v
}

// combine applies f to the combinations of the possibilities of parts: all
// of them while their count stays within MaxPossibilities; past it, each
// possibility of each part once, with the first possibility of the others,
// marked dynamic (every possibility still shows, the bound is reported).
func combine(parts []Value, f func([]Value) Value) Value {
	sets := make([][]Value, len(parts))
	total := 1
	for i, p := range parts {
		sets[i] = p.Possibilities()
		if total <= MaxPossibilities {
			total *= len(sets[i])
		}
	}
	if total == 1 {
		return f(parts)
	}
	pick := make([]Value, len(parts))
	var out []Value
	if total <= MaxPossibilities {
		// Count through the combinations as a mixed-radix number.
		idx := make([]int, len(sets))
		for {
			for i, s := range sets {
				pick[i] = s[idx[i]]
			}
			out = append(out, f(pick))
			i := len(idx) - 1
			for ; i >= 0; i-- {
				if idx[i]++; idx[i] < len(sets[i]) {
					break
				}
				idx[i] = 0
			}
			if i < 0 {
				break
			}
		}
	} else {
		for i := range sets {
			pick[i] = sets[i][0]
		}
		out = append(out, f(pick))
		for i, s := range sets {
			for _, p := range s[1:] {
				pick[i] = p
				out = append(out, dynamicPossibility(f(pick)))
			}
			pick[i] = s[0]
		}
		out[0] = dynamicPossibility(out[0])
	}
	var ps []Value
	for _, v := range out {
		if !slices.ContainsFunc(ps, func(q Value) bool { return samePossibility(v, q) }) {
			ps = append(ps, v)
		}
	}
	if len(ps) > 4*MaxPossibilities {
		ps = ps[:4*MaxPossibilities]
	}
	return chain(ps)
}

// UnionPast is Union over values read past a bound on how many places are
// compared one by one (MaxCallSites call sites, MaxReturns returns or
// assignments), in time linear in their number, with the same result. A
// value whose text mentions a runtime, the wrapper or the primitive is
// always kept; of the others at most 4*MaxPossibilities distinct ones are,
// so Union still sees more than MaxPossibilities of them when there were,
// and marks the ones it keeps dynamic. When cut, places were not read (see
// Evaluator.past): every possibility is dynamic, and one more stands for
// the places not read (Value.Cut), which a judge reports as a dynamic
// launch where it is a command: what a place left unread gives may be a
// runtime's name under any other name (`run(AGENT)` past thousands of
// `run('git')`), so the bound is reported, never silent.
func UnionPast(cfg *scanner.Config, vals []Value, cut bool, n int32) Value {
	v := unionPast(cfg, vals, n)
	if cut {
		v = chain(append(dynamicValue(v).Possibilities(), CutAt(n)))
	}
	return v
}

// Spread is what a call's positional arguments give the positions when
// one of them spreads a list (`f(...xs)`, `f(*xs)`): spreadOf says whether
// node c is such a spread and gives its elements (a list the evaluator
// does not know is one unknown element; one past a bound, CutAt), and
// whether they are exactly those; eval gives any other argument's value.
// Positions from exactTo on are not exact: a spread of unknown length
// came at or before them (SpreadParam).
func Spread(args []int32, spreadOf func(c int32) (elems []Value, exact, isSpread bool), eval func(c int32) Value) (vals []Value, exactTo int) {
	exactTo = -1
	for _, c := range args {
		elems, exact, is := spreadOf(c)
		if !is {
			vals = append(vals, eval(c))
			continue
		}
		if !exact && exactTo < 0 {
			exactTo = len(vals)
		}
		vals = append(vals, elems...)
	}
	if exactTo < 0 {
		exactTo = len(vals)
	}
	return vals, exactTo
}

// SpreadElems is what a spread of the value v passes (`...xs`, `*xs` at
// node c, v being xs's value), for Spread: v's elements when it is a list
// (exact when each is one value), else one unknown, or one past a bound
// when v is (any element may be a runtime).
func SpreadElems(v Value, c int32) (elems []Value, exact bool) {
	switch {
	case v.Cut:
		return []Value{CutAt(c)}, false
	case v.K != VArr:
		return []Value{Unknown(c)}, false
	}
	exact = true
	for _, e := range v.Elems {
		if e.K == VUnknown || e.Cut {
			exact = false // a spread of its own, or a change not modelled
		}
	}
	return v.Elems, exact
}

// SpreadParam is the value Spread's vals give position i: its own when
// exact, any of those from exactTo on when not, and false when the call
// passes nothing there.
func SpreadParam(cfg *scanner.Config, vals []Value, exactTo, i int, n int32) (Value, bool) {
	switch {
	case i < 0:
		return Value{}, false
	case i < exactTo:
		return vals[i], true
	case exactTo < len(vals):
		return AnyElement(cfg, vals[exactTo:], n), true
	}
	return Value{}, false
}

// SpreadRest is what Spread's vals give a rest parameter from position i
// (`...args`, `*args`): the values from i on, and from the first spread of
// unknown length when that came before i, since any of its elements may
// fall at or past i.
func SpreadRest(vals []Value, exactTo, i int) []Value {
	return slices.Clone(vals[min(max(i, 0), exactTo, len(vals)):])
}

// AnyElement is the value of one of elems, any of them (a parameter
// given by a spread past an element of unknown length): their union, and
// when one of them may be what a bound left unread (Value.Cut), that
// possibility too (UnionPast), which Union alone drops as opaque.
func AnyElement(cfg *scanner.Config, elems []Value, n int32) Value {
	var keep []Value
	cut := false
	for _, e := range elems {
		for _, p := range e.Possibilities() {
			if p.Cut {
				cut = true
				continue
			}
			keep = append(keep, p)
		}
	}
	if !cut {
		return Union(cfg, keep, n)
	}
	return UnionPast(cfg, keep, true, n)
}

// dynamicValue marks every possibility of v dynamic (of a list, those of
// its first element, the command).
func dynamicValue(v Value) Value {
	ps := v.Possibilities()
	for i, p := range ps {
		if p.K == VArr && len(p.Elems) > 0 {
			p.Elems = slices.Clone(p.Elems)
			p.Elems[0] = dynamicValue(p.Elems[0])
		}
		ps[i] = dynamicPossibility(p)
	}
	return chain(ps)
}

func unionPast(cfg *scanner.Config, vals []Value, n int32) Value {
	var keep []Value
	others, unknown := 0, false
	for _, v := range vals {
		switch {
		case v.K == VUnknown && v.Alt == nil:
			// an unknown adds nothing to a set of strings or lists; one
			// stands for all of them among other kinds
			if unknown {
				continue
			}
			unknown = true
		case slices.ContainsFunc(keep, func(q Value) bool { return sameValue(v, q) }):
			continue
		case mentions(cfg, v):
		case others >= 4*MaxPossibilities:
			continue
		default:
			others++
		}
		keep = append(keep, v)
	}
	if len(keep) == 0 {
		return Unknown(n)
	}
	return Union(cfg, keep, n)
}

// sameValue reports whether a and b hold the same possibilities in the
// same order.
func sameValue(a, b Value) bool {
	p, q := &a, &b
	for ; p != nil && q != nil; p, q = p.Alt, q.Alt {
		if !samePossibility(*p, *q) {
			return false
		}
	}
	return p == nil && q == nil
}

// mentions reports whether any string of v (its possibilities, the
// elements of a list) holds a trigger: a runtime's name, the wrapper's,
// the primitive or a piece of it (scanner.Triggers).
func mentions(cfg *scanner.Config, v Value) bool {
	if cfg == nil {
		return false
	}
	for p := &v; p != nil; p = p.Alt {
		switch p.K {
		case VStr:
			if p.AnyKnown && cfg.Triggers().Scan([]byte(p.S)).Seed() {
				return true
			}
		case VArr:
			for _, x := range p.Elems {
				if mentions(cfg, x) {
					return true
				}
			}
		}
	}
	return false
}
