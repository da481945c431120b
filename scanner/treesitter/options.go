package treesitter

import (
	"maps"
	"slices"
)

// OptionTable is a file's command-line option declarations (argparse and
// optparse, commander, yargs): the calls that declare them, read into what
// each option may hold on first use. A detector lists the calls while it
// binds the file and reads one with Add (Values' collect).
type OptionTable struct {
	Calls []int32
	vals  map[string][]Value
}

// Add records that option name may hold v, or any element of v (a list
// of choices), each possibility of each.
func (o *OptionTable) Add(name string, v Value) {
	for _, p := range append([]Value{v}, v.Elems...) {
		o.vals[name] = append(o.vals[name], p.Possibilities()...)
	}
}

// Values is what the option name may hold, at n: every known default or
// choice the file declares for it, each a run-time value (class dynamic:
// the user may pass another, and without one the program runs the
// default). collect reads one declaring call, with Add; it runs over
// every call once, on the first use.
func (o *OptionTable) Values(name string, n int32, collect func(call int32)) []Value {
	if len(o.Calls) == 0 {
		return nil
	}
	if o.vals == nil {
		o.vals = map[string][]Value{}
		for _, c := range o.Calls {
			collect(c)
		}
	}
	var out []Value
	for _, v := range o.vals[name] {
		if v.Known() {
			out = append(out, DynamicStr(v.S, n))
		}
	}
	return out
}

// Each calls f with every name the table's declarations give, the
// known strings it may hold (Values without the class) and the node of
// the first, in name order, collecting the declarations first as Values
// does.
func (o *OptionTable) Each(collect func(call int32), f func(name string, strs []string, at int32)) {
	if len(o.Calls) == 0 {
		return
	}
	if o.vals == nil {
		o.vals = map[string][]Value{}
		for _, c := range o.Calls {
			collect(c)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(o.vals)) {
		var strs []string
		at := int32(None)
		for _, v := range o.vals[name] {
			if v.Known() && !slices.Contains(strs, v.S) {
				strs = append(strs, v.S)
				if at == None {
					at = v.Node
				}
			}
		}
		if len(strs) > 0 {
			f(name, strs, at)
		}
	}
}
