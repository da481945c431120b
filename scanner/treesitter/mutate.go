package treesitter

import "github.com/leasegate/leasegate/scanner"

// ListOp is what a list (array) method or an item assignment does to the
// list a name holds. Each language maps its own method names to these in
// its API table; a method it does not map is unmodelled (see MutateList).
type ListOp uint8

// The in-place changes the evaluator applies to a list.
const (
	ListUnmodelled ListOp = iota
	ListReadOnly          // reads the list (index, count, join, slice, get)
	ListAppend            // append(x), push(x...): each argument at the end
	ListExtend            // extend(xs), +=: the elements of xs at the end
	ListPrepend           // unshift(x...), appendleft(x): each argument in front
	ListExtendLeft        // extendleft(xs): the elements of xs in front, reversed
	ListInsert            // insert(i, x)
	ListSetItem           // a[i] = x, __setitem__(i, x)
	ListSplice            // splice(start, deleteCount, x...)
	ListFill              // fill(x)
	ListMapSet            // Map set(k, v): a [k, v] entry
	ListPop               // pop(), pop(i): the last element (or element i) removed
	ListShift             // shift(), popleft(): the first element removed
	ListReverse           // reverse(): the elements in reverse order
	ListRemove            // remove(x): the first element equal to x removed
	ListClear             // clear(): no elements
)

// MutateList is list v after op with arguments args (node n). An
// unmodelled change (reverse, sort, pop, remove, a method nobody mapped)
// may move any element or argument to the front: the first element
// becomes the set of every element and argument, and an unknown element
// is added (the change's own effect is opaque). Over-approximating keeps
// a mutator nobody modelled from hiding a runtime's name.
func MutateList(cfg *scanner.Config, v Value, op ListOp, args []Value, n int32) Value {
	if v.K != VArr {
		return v
	}
	switch op {
	case ListReadOnly:
		return v
	case ListClear:
	case ListAppend, ListExtend, ListPrepend, ListExtendLeft, ListMapSet, ListReverse,
		ListRemove, ListShift, ListPop, ListInsert, ListSetItem, ListSplice, ListFill:
	default:
		// unmodelled reads the elements and copies them: no copy of its own
		return unmodelled(cfg, v.Elems, args, n, v)
	}
	elems := append([]Value{}, v.Elems...)
	arg := func(i int) Value {
		if i < len(args) {
			return args[i]
		}
		return Unknown(n)
	}
	flat := func(x Value) []Value {
		if x.K == VArr {
			return x.Elems
		}
		return []Value{Unknown(x.Node)}
	}
	switch op {
	case ListReadOnly:
		return v
	case ListAppend:
		elems = append(elems, args...)
	case ListExtend:
		elems = append(elems, flat(arg(0))...)
	case ListPrepend:
		elems = append(append([]Value{}, args...), elems...)
	case ListExtendLeft:
		front := Reverse(Value{K: VArr, Elems: flat(arg(0))}, n).Elems
		elems = append(front, elems...)
	case ListMapSet:
		elems = append(elems, Value{K: VArr, Elems: []Value{arg(0), arg(1)}, Node: n, Lit: None})
	case ListReverse:
		elems = Reverse(Value{K: VArr, Elems: elems}, n).Elems
	case ListClear:
		elems = nil
	case ListRemove:
		x := arg(0)
		if !x.Known() || x.Alt != nil {
			return unmodelled(cfg, elems, nil, n, v)
		}
		for i, e := range elems {
			if !e.Known() || e.Alt != nil {
				// an element not known may be x: any later one may move up
				return unmodelled(cfg, elems, nil, n, v)
			}
			if e.S == x.S {
				elems = append(append([]Value{}, elems[:i]...), elems[i+1:]...)
				break
			}
		}
	case ListShift, ListPop:
		if len(elems) == 0 {
			return v // an empty list stays empty
		}
		i := len(elems) - 1
		if op == ListShift {
			i = 0
		} else if len(args) > 0 {
			x, ok := intOf(args[0])
			if x < 0 {
				x += len(elems)
			}
			if !ok || x < 0 || x >= len(elems) {
				return unmodelled(cfg, elems, nil, n, v)
			}
			i = x
		}
		elems = append(append([]Value{}, elems[:i]...), elems[i+1:]...)
	case ListInsert, ListSetItem, ListSplice, ListFill:
		i, ok := 0, true
		var items []Value
		switch op {
		case ListFill:
			i, items = 0, []Value{arg(0)}
		case ListSplice:
			i, ok = intOf(arg(0))
			if len(args) > 2 {
				items = args[2:]
			}
			if del, ok2 := intOf(arg(1)); ok && ok2 && del == 0 || len(args) < 2 {
				// pure insertion (or removal of the tail): insert below
				op = ListInsert
			}
		default:
			i, ok = intOf(arg(0))
			items = []Value{arg(1)}
		}
		if i < 0 {
			i += len(elems)
		}
		if !ok || i < 0 || i > len(elems) {
			return unmodelled(cfg, elems, args, n, v)
		}
		switch op {
		case ListInsert:
			elems = append(append(append([]Value{}, elems[:i]...), items...), elems[i:]...)
		case ListFill:
			for j := range elems {
				elems[j] = items[0]
			}
		default: // set, or a splice that replaces: the new items take i
			if len(items) == 0 {
				return unmodelled(cfg, elems, args, n, v)
			}
			if i == len(elems) {
				elems = append(elems, items...)
			} else {
				elems[i] = items[0]
				if len(items) > 1 {
					elems = append(append(append([]Value{}, elems[:i+1]...), items[1:]...), elems[i+1:]...)
				}
			}
		}
	default:
		return unmodelled(cfg, elems, args, n, v)
	}
	v.Elems = elems
	return v
}

func unmodelled(cfg *scanner.Config, elems, args []Value, n int32, v Value) Value {
	size := len(elems)
	for _, a := range args {
		if a.K == VArr {
			size += len(a.Elems)
		} else {
			size++
		}
	}
	all := append(make([]Value, 0, size), elems...)
	for _, a := range args {
		if a.K == VArr {
			all = append(all, a.Elems...)
		} else {
			all = append(all, a)
		}
	}
	if len(all) == 0 {
		v.Elems = []Value{Unknown(n)}
		return v
	}
	first := all[0]
	if len(all) > 1 {
		first = Union(cfg, all, n)
	}
	rest := elems[min(1, len(elems)):]
	out := make([]Value, 0, len(rest)+2)
	out = append(append(append(out, first), rest...), Unknown(n))
	v.Elems = out
	return v
}

// MutateListUnmodelled is MutateList with ListUnmodelled applied once for
// each of argLists in turn (the changes at nodes ns), the same list but
// for the order of the first element's possibilities: the union of every
// element and argument that first element becomes is taken once, at the
// end, instead of at each change. A name changed by a method nobody
// mapped at 97 places (`theme.fg(...)` of an imported object) took a
// union per change at each of its uses: a third of a bundle's scan.
func MutateListUnmodelled(cfg *scanner.Config, v Value, argLists [][]Value, ns []int32) Value {
	if v.K != VArr || len(ns) == 0 {
		return v
	}
	// the list is [first] + rest + unks: first the union of pool, rest
	// the elements after the first that no change moves, unks the
	// unknown element each change adds
	var pool, rest, unks []Value
	// the pool at its largest, so it is allocated once
	size := len(v.Elems) + len(ns)
	for _, args := range argLists[:len(ns)] {
		for _, a := range args {
			if a.K == VArr {
				size += len(a.Elems)
			} else {
				size++
			}
		}
	}
	pool = make([]Value, 0, size)
	unks = make([]Value, 0, len(ns))
	hasFirst := len(v.Elems) > 0
	if hasFirst {
		pool = append(pool, v.Elems[0])
		rest = v.Elems[1:]
	}
	restAdded, unksAdded := false, 0
	for i, n := range ns {
		if !restAdded {
			pool = append(pool, rest...)
			restAdded = true
		}
		pool = append(pool, unks[unksAdded:]...)
		unksAdded = len(unks)
		for _, a := range argLists[i] {
			if a.K == VArr {
				pool = append(pool, a.Elems...)
			} else {
				pool = append(pool, a)
			}
		}
		if len(pool) == 0 {
			// nothing to move: the list is one unknown element
			pool, rest, unks, unksAdded = append(pool, Unknown(n)), nil, unks[:0], 0
			continue
		}
		unks = append(unks, Unknown(n))
	}
	first := pool[0]
	if len(pool) > 1 {
		first = Union(cfg, pool, ns[len(ns)-1])
	}
	out := make([]Value, 0, 1+len(rest)+len(unks))
	v.Elems = append(append(append(out, first), rest...), unks...)
	return v
}

// MapGet is the value a map (a list of [key, value] entries) gives key:
// the union of the values of every entry whose key is key or not known
// statically (all of them when key is not known).
func MapGet(cfg *scanner.Config, m Value, key Value, n int32) Value {
	if m.K != VArr {
		return Unknown(n)
	}
	var vals []Value
	for _, e := range m.Elems {
		if e.K != VArr || len(e.Elems) < 2 {
			continue
		}
		k := e.Elems[0]
		if !key.Known() || key.Alt != nil || !k.Known() || k.Alt != nil || k.S == key.S {
			vals = append(vals, e.Elems[1])
		}
	}
	return Union(cfg, vals, n)
}
