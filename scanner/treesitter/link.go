package treesitter

import (
	"sort"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// The repository phase's side of the shared evaluator (docs/repository.md).

// ModuleNames lists the names bound at module level, sorted: what a file
// may export. A name the file does not export cannot be imported, so the
// summary may hold every module-level name.
func (s *Scopes[B]) ModuleNames() []string {
	var out []string
	for name, id := range s.ids {
		if _, ok := s.bound[ScopeKey{id, None}]; ok {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// ModuleBindings returns the module-level bindings of name.
func (s *Scopes[B]) ModuleBindings(name string) []B {
	id, ok := s.ids[name]
	if !ok {
		return nil
	}
	return s.bound[ScopeKey{id, None}]
}

// Strings lists the known strings v may be, and whether every possibility
// is a known string.
func Strings(v Value) ([]string, bool) {
	var out []string
	all := true
	for _, p := range v.Possibilities() {
		if p.Known() {
			out = append(out, p.S)
		} else {
			all = false
		}
	}
	return out, all
}

// FromExport is the value at node n of a constant another file exports:
// each of its strings is a possibility, tracked (variable-execution), or
// for a list its elements in order; an export a bound cut is dynamic.
func FromExport(cfg *scanner.Config, e scanner.Export, n int32) Value {
	if e.Dynamic || len(e.Consts) == 0 {
		v := Unknown(n)
		if e.Dynamic {
			v = dynamicExport(n)
		}
		return v
	}
	vals := make([]Value, len(e.Consts))
	for i, s := range e.Consts {
		vals[i] = Str(s, n)
		if s != UnknownPart && strings.Contains(s, UnknownPart) {
			// a string with unknown parts ("…/.claude/claude")
			vals[i].Partial, vals[i].Sh = true, strings.ReplaceAll(s, UnknownPart, UnknownShellWord)
		}
		vals[i].Via = scanner.ClassVariableExecution
		if s != UnknownPart && strings.Contains(s, UnknownPart) {
			// `…/.claude/local/claude`: a part the defining file could
			// not resolve stays unknown
			vals[i].Partial = true
			vals[i].Sh = strings.ReplaceAll(s, UnknownPart, UnknownShellWord)
		}
	}
	if e.List {
		for i, s := range e.Consts {
			if s == UnknownPart {
				vals[i] = Unknown(n)
			}
		}
		return Value{K: VArr, Elems: vals, Node: n, Lit: None}
	}
	return Union(cfg, vals, n)
}

// AltArgs are the argv elements of a value's other possibilities (see
// scanner.Command.Alts), at most 4×MaxPossibilities of them.
func AltArgs(t *Tree, alt *Value) []scanner.Arg {
	var out []scanner.Arg
	for k := 0; alt != nil && k < 4*MaxPossibilities; alt, k = alt.Alt, k+1 {
		out = append(out, t.arg(*alt))
	}
	return out
}

// dynamicExport is the value FromExport gives a name another module may
// export past a bound of the repository phase (Export.Dynamic): it may be
// a runtime's name, so as a launch's command it is one of an unknown
// runtime (Value.Cut), the bound reported.
func dynamicExport(n int32) Value {
	return Value{K: VStr, S: UnknownPart, Sh: UnknownShellWord, Partial: true, Via: scanner.ClassDynamic, Node: n, Lit: None, Cut: true}
}

// IsDynamicExport reports whether v is that value: a callee that is one
// is judged as a helper past a bound (no reference is left to look up).
func IsDynamicExport(v Value) bool {
	d := dynamicExport(v.Node)
	return v.K == d.K && v.S == d.S && v.Partial && v.Via == d.Via
}

// MayNameRuntime reports whether v, an argument of a call the repository
// phase cannot follow (a helper past a bound), may name a runtime: a
// possibility that is a string holding a runtime's command, the wrapper
// or the primitive as a word, one that stands for what a bound left
// unread (Value.Cut), or such an element of an array, or member value of
// an object (members lists them; nil for none). Past MaxLinkDepth levels
// or 4×MaxPossibilities values it may name one. Judged by value, not text:
// `run(AGENT)` with AGENT imported as "claude" names one as much as
// `run('claude')` does; `run(TOOL)` with TOOL "git" does not.
func MayNameRuntime(cfg *scanner.Config, v Value, members func(Value) []Value) bool {
	tr := cfg.Triggers()
	left := 4 * MaxPossibilities
	var walk func(v Value, depth int) bool
	walk = func(v Value, depth int) bool {
		for _, p := range v.Possibilities() {
			if left--; left < 0 {
				return true
			}
			switch {
			case p.Cut:
				return true
			case p.K == VStr && p.AnyKnown:
				if tr.Scan([]byte(p.S))&(scanner.HitRuntime|scanner.HitWrapper|scanner.HitPrimitive) != 0 {
					return true
				}
			case depth >= scanner.MaxLinkDepth && (p.K == VArr || p.K == VObj && members != nil):
				return true
			case p.K == VArr:
				for _, e := range p.Elems {
					if walk(e, depth+1) {
						return true
					}
				}
			case p.K == VObj && members != nil:
				for _, m := range members(p) {
					if walk(m, depth+1) {
						return true
					}
				}
			}
		}
		return false
	}
	return walk(v, 0)
}
