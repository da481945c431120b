package python

import (
	"fmt"
	"path"
	"slices"
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

// maxSharedWrites bounds the writes naming a runtime one file records;
// past it the file's summary is marked Truncated (a name it does not
// hold is dynamic).
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
	var record func(mods []string, name string, item bool, val int32)
	record = func(mods []string, name string, item bool, val int32) {
		if len(mods) == 0 || name == "" || name == "self" || name == "environ" || val == none {
			// os.environ: the environment's (summarizeEnv), by key
			return
		}
		if item && t.Nodes[val].Kind == kDictionary {
			// d.update({"review": [...]}): each entry's value
			for c := t.Nodes[val].First; c != none; c = t.Nodes[c].Next {
				if t.Nodes[c].Kind == kPair {
					if x := t.Child(c, fValue); x != none && t.Nodes[x].Kind != kDictionary {
						record(mods, name, true, x)
					}
				}
			}
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
		seen++
		if seen > maxSharedWrites {
			a.link.sum.Truncated = true
			return
		}
		for _, mod := range mods {
			key := scanner.SharedName(mod, name)
			if item {
				key = scanner.SharedItem(mod, name)
			}
			a.link.sum.AddEnv(key, scanner.Const{Vals: strs, List: list, At: t.Pos(val)})
		}
	}
	// attr is a write to `X.attr` (X a module or a class the file imports
	// or defines; not self, whose attributes its own file reads)
	attr := func(n int32) ([]string, string) {
		o, at := t.Child(n, fObject), t.Child(n, fAttribute)
		if o == none || at == none || t.Nodes[o].Kind != kIdentifier || t.Is(o, "self") {
			return nil, ""
		}
		return a.sharedModules(o, true), t.Text(at)
	}
	// container is a write into the container at n: `X[k]`, `X.append`
	// (X a module-level name of the file or an imported one), or
	// `mod.X[k]`
	container := func(n int32) ([]string, string) {
		switch t.Nodes[n].Kind {
		case kAttribute:
			return attr(n)
		case kIdentifier:
			return a.sharedModules(n, false), t.Text(n)
		}
		return nil, ""
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
				mods, name := attr(l)
				record(mods, name, false, r)
			case kSubscript:
				// registry.AGENTS["review"] = [...], AGENTS["x"] = [...]
				if obj := t.Child(l, fValue); obj != none {
					mods, name := container(obj)
					record(mods, name, true, r)
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
			mods, name := container(obj)
			switch {
			case len(mods) == 0:
			case len(pos) > 0:
				record(mods, name, true, pos[len(pos)-1])
			case kw.Obj != none && t.Text(m) == "update":
				// d.update(review=[...])
				record(mods, name, true, kw.Obj)
			}
		}
	}
}

// moduleBase is the last segment of a module's dotted name (`.registry`,
// `hooks.registry`: registry), "" for a bare relative one (`.`).
func moduleBase(mod string) string {
	mod = strings.TrimRight(mod, ".")
	return mod[strings.LastIndex(mod, ".")+1:]
}

// ownModule is the name the file's module goes by (its base name; a
// package's __init__: its folder's).
func (a *analyzer) ownModule() string {
	p := path.Base(a.p.Path)
	if p == "__init__.py" {
		return path.Base(path.Dir(a.p.Path))
	}
	return strings.TrimSuffix(strings.TrimSuffix(p, ".py"), ".pyi")
}

// sharedModules are the modules whose attribute or module-level name
// identifier n stands for shared state of: an import's module (`import
// settings`, `from hooks import registry`: settings, registry; with
// member, when n may be a name the module holds, `from svc.runner
// import Runner`, runner too), the file's own for a module-level name or
// class of the file, none for any other name (a local's, a parameter's).
func (a *analyzer) sharedModules(n int32, member bool) []string {
	t := a.t
	bs, _, found := a.scopes.Lookup(t.Src[t.Nodes[n].Start:t.Nodes[n].End], n)
	if !found || len(bs) != 1 {
		return nil
	}
	b := bs[0]
	if !b.ref {
		if b.param || b.name == none || a.scopes.Of(b.name) != none {
			return nil // a function's own name
		}
		return []string{a.ownModule()}
	}
	var out []string
	add := func(m string) {
		if m != "" && !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	if len(b.path) == 0 {
		add(moduleBase(b.mod)) // import settings
		return out
	}
	if member {
		// from hooks import registry: a submodule; from svc.runner
		// import Runner: a class of the module
		add(b.path[len(b.path)-1])
	}
	add(moduleBase(b.mod))
	if len(b.path) > 1 {
		add(b.path[len(b.path)-2])
	}
	return out
}

// readModules are the modules a value read at n from another module,
// ref v (module v.Mod, path v.Path ending in the name read), may hold
// name in (sharedModules).
func readModules(v value) []string {
	var out []string
	add := func(m string) {
		if m != "" && m != scanner.AnyMember && !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	k := len(v.Path) - 1
	for k >= 0 && (v.Path[k] == scanner.AnyMember || v.Path[k] == "") {
		k--
	}
	if k > 0 {
		add(v.Path[k-1]) // registry.AGENTS, Runner.bin
	}
	add(moduleBase(v.Mod))
	return out
}

// sharedValue is v, the value of attribute or container name read at n,
// with the values other files of the repository write to a name so called
// (summarizeShared) as possibilities too.
func (a *analyzer) sharedValue(v value, mods []string, name string, n int32) value {
	if a.p.Imports == nil || name == "" || strings.HasSuffix(name, "()") || name == scanner.AnyMember {
		return v
	}
	if v.K != vUnknown && v.K != vStr && v.K != vArr {
		// a dict, a namespace, a function: a union with strings would
		// drop what it holds (its entries are read with their own
		// writes, sharedItem)
		return v
	}
	vals := []value{v}
	for _, mod := range mods {
		if w, ok := a.sharedWrite(scanner.SharedName(mod, name), fmt.Sprintf("`%s` written", name), n); ok {
			vals = append(vals, w)
		}
		if w, ok := a.sharedWrite(scanner.SharedItem(mod, name), fmt.Sprintf("an item of `%s` written", name), n); ok {
			// the container read whole (iterated, .values(), .get(k)): a
			// list whose element is any item written into it
			vals = append(vals, value{K: vArr, Elems: []value{w}, Node: n, Lit: none})
		}
	}
	if len(vals) == 1 {
		return v
	}
	return treesitter.Union(a.ev.Cfg, vals, n)
}

// sharedWrite is what other files write under key (Imports.Env), read
// at n, with the step that says so (note); false when none does.
func (a *analyzer) sharedWrite(key, note string, n int32) (value, bool) {
	e, ok := a.p.Imports.Env(key)
	if !ok {
		return value{}, false
	}
	a.use(scanner.Step{File: e.File, Line: max(e.At.Line, 1), Column: max(e.At.Column, 1), Note: note})
	return treesitter.FromExport(a.ev.Cfg, e, n), true
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
	var mods []string
	name := ""
	switch t.Nodes[obj].Kind {
	case kIdentifier:
		mods, name = a.sharedModules(obj, false), t.Text(obj)
	case kAttribute:
		// registry.AGENTS[k], self.agents[k]
		o, at := t.Child(obj, fObject), t.Child(obj, fAttribute)
		if o == none || at == none || t.Nodes[o].Kind != kIdentifier {
			return v
		}
		name = t.Text(at)
		if t.Is(o, "self") || t.Is(o, "cls") {
			mods = []string{a.ownModule()}
		} else {
			mods = a.sharedModules(o, true)
		}
	}
	if name == "" || len(mods) == 0 {
		return v
	}
	vals := []value{v}
	for _, mod := range mods {
		if w, ok := a.sharedWrite(scanner.SharedItem(mod, name), fmt.Sprintf("an item of `%s` written", name), n); ok {
			vals = append(vals, w)
		}
	}
	if len(vals) == 1 {
		return v
	}
	return treesitter.Union(a.ev.Cfg, vals, n)
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
