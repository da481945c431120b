package python

import (
	"fmt"
	"strings"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

// Shared state written in one module and read in another (review 24's
// observation 1): a module attribute (`settings.AGENT = "claude"`), a
// class attribute (`Runner.bin = ...`) or a module-level container (`registry.
// AGENTS["review"] = [...]`, `TOOLS.append(...)`) is, where another file
// reads it, the union of its declared value and every value a file of the
// repository writes to it. Phase one records a file's writes whose value
// names a runtime in its summary's Env under scanner.SharedName(name),
// name the attribute or container (any object's: an over-approximation);
// phase two unions them in where a file reads a name so called through
// an import, self or cls (sharedValue).

// maxSharedWrites bounds the writes of one file read; past it the file's
// summary is marked Truncated (a name it does not hold is dynamic).
const maxSharedWrites = 256

// sharedMethods write their argument into the container they are called
// on; the value is the last positional argument.
var sharedMethods = map[string]bool{"append": true, "extend": true, "add": true, "insert": true, "update": true, "setdefault": true, "appendleft": true, "extendleft": true, "__setitem__": true}

// summarizeShared records the file's writes to shared state whose value
// names a runtime (Summary.Env, scanner.SharedName). Only a file that
// names a runtime is read: a write of a value that names none is no
// launch by itself.
func (a *analyzer) summarizeShared() {
	if !a.p.Hits.Has(scanner.HitRuntime) {
		return
	}
	t := a.t
	seen := 0
	var record func(name string, item bool, val int32)
	record = func(name string, item bool, val int32) {
		if name == "" || name == "self" || name == "environ" || val == none {
			// os.environ: the environment's (summarizeEnv), by key
			return
		}
		if item && t.Nodes[val].Kind == kDictionary {
			// d.update({"review": [...]}): each entry's value
			for c := t.Nodes[val].First; c != none; c = t.Nodes[c].Next {
				if t.Nodes[c].Kind == kPair {
					if x := t.Child(c, fValue); x != none && t.Nodes[x].Kind != kDictionary {
						record(name, true, x)
					}
				}
			}
			return
		}
		seen++
		if seen > maxSharedWrites {
			a.link.sum.Truncated = true
			return
		}
		v := a.ev.Eval(val)
		strs := constStrings(v)
		list := false
		if v.K == vArr {
			strs, list = nil, true
			for _, e := range v.Elems {
				strs = append(strs, a.elemString(e))
			}
		}
		if len(strs) == 0 || !a.p.Config.MentionsRuntime([]byte(strings.Join(strs, " "))) {
			return
		}
		key := scanner.SharedName(name)
		if item {
			key = scanner.SharedItem(name)
		}
		a.link.sum.AddEnv(key, scanner.Const{Vals: strs, List: list, At: t.Pos(val)})
	}
	// target is the name an assignment or a call writes: the attribute of
	// `x.attr`, or an identifier
	target := func(n int32) string {
		switch t.Nodes[n].Kind {
		case kAttribute:
			if o := t.Child(n, fObject); o != none && t.Nodes[o].Kind == kIdentifier && t.Is(o, "self") {
				return "" // an instance's own: read in its file (selfAttrs)
			}
			if at := t.Child(n, fAttribute); at != none {
				return t.Text(at)
			}
		case kIdentifier:
			return t.Text(n)
		}
		return ""
	}
	for i := int32(0); i < int32(len(t.Nodes)); i++ {
		switch t.Nodes[i].Kind {
		case kAssignment, kAugmentedAssignment:
			l, r := t.Child(i, fLeft), t.Child(i, fRight)
			if l == none || r == none {
				continue
			}
			switch t.Nodes[l].Kind {
			case kAttribute:
				// settings.AGENT = "claude", Runner.bin = "claude"
				record(target(l), false, r)
			case kSubscript:
				// registry.AGENTS["review"] = [...], AGENTS["x"] = [...]
				if obj := t.Child(l, fValue); obj != none {
					record(target(obj), true, r)
				}
			}
		case kCall:
			fn := t.Child(i, fFunction)
			if fn == none || t.Nodes[fn].Kind != kAttribute {
				continue
			}
			m, obj := t.Child(fn, fAttribute), t.Child(fn, fObject)
			if m == none || obj == none || !sharedMethods[t.Text(m)] {
				continue
			}
			pos, kw := a.callArgs(i)
			switch {
			case len(pos) > 0:
				record(target(obj), true, pos[len(pos)-1])
			case kw.Obj != none && t.Text(m) == "update":
				// d.update(review=[...])
				record(target(obj), true, kw.Obj)
			}
		}
	}
}

// sharedValue is v, the value of attribute or container name read at n,
// with the values other files of the repository write to a name so called
// (summarizeShared) as possibilities too.
func (a *analyzer) sharedValue(v value, name string, n int32) value {
	if a.p.Imports == nil || name == "" || strings.HasSuffix(name, "()") || name == scanner.AnyMember {
		return v
	}
	vals := []value{v}
	if e, ok := a.p.Imports.Env(scanner.SharedName(name)); ok {
		a.use(scanner.Step{File: e.File, Line: max(e.At.Line, 1), Column: max(e.At.Column, 1), Note: fmt.Sprintf("`%s` written", name)})
		vals = append(vals, treesitter.FromExport(a.ev.Cfg, e, n))
	}
	if e, ok := a.p.Imports.Env(scanner.SharedItem(name)); ok {
		// the container read whole (iterated, .values(), .get(k)): a
		// list whose element is any item written into it
		a.use(scanner.Step{File: e.File, Line: max(e.At.Line, 1), Column: max(e.At.Column, 1), Note: fmt.Sprintf("an item of `%s` written", name)})
		vals = append(vals, value{K: vArr, Elems: []value{treesitter.FromExport(a.ev.Cfg, e, n)}, Node: n, Lit: none})
	}
	if len(vals) == 1 {
		return v
	}
	return treesitter.Union(a.ev.Cfg, vals, n)
}

// sharedItem is v, the item of a container read at subscript n, with the
// items other files of the repository write into a container so called
// (summarizeShared) as possibilities too.
func (a *analyzer) sharedItem(v value, n int32) value {
	t := a.t
	obj := t.Child(n, fValue)
	if obj == none {
		return v
	}
	name := ""
	switch t.Nodes[obj].Kind {
	case kIdentifier:
		name = t.Text(obj)
	case kAttribute:
		if at := t.Child(obj, fAttribute); at != none {
			name = t.Text(at)
		}
	}
	if name == "" {
		return v
	}
	e, ok := a.p.Imports.Env(scanner.SharedItem(name))
	if !ok {
		return v
	}
	a.use(scanner.Step{File: e.File, Line: max(e.At.Line, 1), Column: max(e.At.Column, 1), Note: fmt.Sprintf("an item of `%s` written", name)})
	return treesitter.Union(a.ev.Cfg, []value{v, treesitter.FromExport(a.ev.Cfg, e, n)}, n)
}

// sharedName is the attribute or container a path read from an import
// names: its last segment that is a name (`AGENTS` of `AGENTS.*`).
func sharedName(path []string) string {
	for i := len(path) - 1; i >= 0; i-- {
		if p := path[i]; p != scanner.AnyMember && p != "" {
			if strings.HasSuffix(p, "()") || strings.HasSuffix(p, partialArg) {
				return ""
			}
			return p
		}
	}
	return ""
}
