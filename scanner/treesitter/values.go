package treesitter

import (
	"strconv"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// ValueKind is what a detector knows about an expression's value.
type ValueKind uint8

// The value kinds both detectors share; a detector numbers its own from
// VLanguage on.
const (
	VUnknown  ValueKind = iota
	VStr                // a string (possibly with unknown parts)
	VArr                // an array, list or tuple literal
	VObj                // an object or dict literal (or Python keyword arguments)
	VBool               // true/false
	VNull               // null/undefined/None
	VRef                // a module, or a member path inside one (child_process.spawn)
	VFunc               // a function or class value, never a string
	VLanguage           // the first kind a detector may add
)

// Placeholders for parts of a string the detector cannot resolve. In an
// argv element the unknown part is "…" (so `${dir}/claude` still ends in
// the runtime); in text handed to a shell it is an unset variable, and a
// run-time look-up with a known target is a default expansion, which the
// shell detector classes as dynamic.
const (
	UnknownPart      = "…"
	UnknownShellWord = "$__lg_unknown"
)

// DynamicShellWord is the shell text for a run-time look-up of target.
func DynamicShellWord(target string) string {
	return "${__lg_dynamic:-" + target + "}"
}

// Value is a detector's static view of an expression.
type Value struct {
	K ValueKind
	// S is the string as an argv element sees it; Sh as a shell string
	// sees it (unknown parts as placeholders).
	S, Sh string
	// known parts: Partial means some part is unknown; !AnyKnown means no
	// part is known (the whole string is unknown).
	Partial, AnyKnown bool
	// Composite marks a string built from more than one literal (the raw
	// text search cannot see a primitive split across them).
	Composite bool
	Via       scanner.Class // ClassDynamic for run-time look-ups
	B         bool
	Elems     []Value
	Obj       int32
	Mod       string
	Path      []string
	Node      int32 // the expression, for positions
	Lit       int32 // the string literal node when the value is that literal
	Env       bool  // read from the environment (process.env.X, os.environ)
	// Cut marks the possibility that stands for the places a bound left
	// unread (UnionPast): it may be any value, a runtime's name too, so
	// as a command it is judged a dynamic launch (scanner.Arg.Cut).
	Cut bool
	Fn  int32 // VFunc: the function node
	// Bound is, for a function value made by functools.partial, the
	// partial(...) call whose arguments come first; 0 when none (node 0
	// is the file's root, never a call).
	Bound int32
	// Alt is the next possibility of the value (see Possibilities): a
	// value is a set of possibilities, v and its chain of alternatives.
	Alt *Value
	// Other marks a set of strings from which Union left out a
	// possibility that is not known (an unknown, another module's
	// value): a reader that must not miss a name (a module loaded by
	// it, a key set by it) takes the value as any (MaybeOther).
	Other bool
}

// MaybeOther reports whether v may be a string none of its possibilities
// spells: one of them is not a known string, is a default a value found
// at run time replaces (Fallback: `name || "path"`), or Union left such a
// possibility out (Other).
func (v Value) MaybeOther() bool {
	for _, p := range v.Possibilities() {
		if p.Other || !p.Known() || p.Via == scanner.ClassDynamic {
			return true
		}
	}
	return false
}

// Unknown is the value of node n when nothing is known about it.
func Unknown(n int32) Value { return Value{K: VUnknown, Node: n, Lit: None} }

// CutAt is the value at node n that stands for what a bound left unread
// (Value.Cut): unknown, and as a command a launch of an unknown runtime.
func CutAt(n int32) Value {
	v := Unknown(n)
	v.Cut = true
	return v
}

// Str is the known string s at node n.
func Str(s string, n int32) Value {
	return Value{K: VStr, S: s, Sh: s, AnyKnown: true, Node: n, Lit: None}
}

// HasCut reports whether a possibility of v stands for what a bound
// left unread (Value.Cut).
func (v Value) HasCut() bool {
	for p := &v; p != nil; p = p.Alt {
		if p.Cut {
			return true
		}
	}
	return false
}

// Known reports whether v is a string whose every part is resolved.
func (v Value) Known() bool { return v.K == VStr && !v.Partial }

// Usable reports whether v is a string with at least some known text.
func (v Value) Usable() bool { return v.K == VStr && v.AnyKnown }

// Truthy reports v's truth value, and whether it is known.
func (v Value) Truthy() (bool, bool) {
	switch v.K {
	case VBool:
		return v.B, true
	case VNull:
		return false, true
	case VStr:
		if v.Known() {
			return v.S != "", true
		}
	case VArr, VObj, VFunc:
		return true, true
	}
	return false, false
}

// Concat joins two values as string `+` does: each possibility of a with
// each of b.
func Concat(a, b Value, n int32) Value {
	return combine([]Value{a, b}, func(ps []Value) Value { return concatOne(ps[0], ps[1], n) })
}

func concatOne(a, b Value, n int32) Value { return concatMany([]Value{a, b}, n) }

// ConcatAll is Concat folded over parts from the left (Python's adjacent
// literals, `'a' 'b' 'c'`). When every part has one possibility it copies
// the text once: folding copied the growing string at each part, which was
// a tenth of the CPU of a scan of Python's standard library (the long runs
// of literals in pydoc_data/topics.py) and most of its page faults.
func ConcatAll(parts []Value, n int32) Value {
	single := true
	for _, p := range parts {
		if len(p.Possibilities()) != 1 {
			single = false
			break
		}
	}
	if single && len(parts) > 1 {
		return concatMany(parts, n)
	}
	out := parts[0]
	for _, p := range parts[1:] {
		out = Concat(out, p, n)
	}
	return out
}

// concatMany is one possibility of parts joined as `+` joins strings.
func concatMany(parts []Value, n int32) Value {
	out := Value{K: VStr, Node: n, Lit: None, Composite: true}
	var s, sh strings.Builder
	for _, v := range parts {
		switch v.K {
		case VStr:
			s.WriteString(v.S)
			sh.WriteString(v.Sh)
			out.Partial = out.Partial || v.Partial
			out.AnyKnown = out.AnyKnown || v.AnyKnown
			out.Via = StrongerVia(out.Via, v.Via)
		case VBool:
			s.WriteString(strconv.FormatBool(v.B))
			sh.WriteString(strconv.FormatBool(v.B))
			out.AnyKnown = true
		case VNull:
			s.WriteString("null")
			sh.WriteString("null")
			out.AnyKnown = true
		default:
			s.WriteString(UnknownPart)
			sh.WriteString(UnknownShellWord)
			out.Partial = true
		}
	}
	out.S, out.Sh = s.String(), sh.String()
	return out
}

// JoinValues joins string values with sep (path.join, Array.join,
// str.join, os.path.join): each combination of their possibilities.
func JoinValues(parts []Value, sep string, n int32) Value {
	return combine(parts, func(ps []Value) Value { return joinOne(ps, sep, n) })
}

func joinOne(parts []Value, sep string, n int32) Value {
	out := Value{K: VStr, Node: n, Lit: None, Composite: len(parts) > 1}
	// One builder each for S and Sh, sized first: += per part made a
	// bundle's long `[...].join("\n")` allocate quadratically (bench/real).
	sz, szh := len(sep)*max(len(parts)-1, 0), len(sep)*max(len(parts)-1, 0)
	for _, p := range parts {
		if p.Usable() {
			sz, szh = sz+len(p.S), szh+len(p.Sh)
		} else {
			sz, szh = sz+len(UnknownPart), szh+len(UnknownShellWord)
		}
	}
	var b, bh strings.Builder
	b.Grow(sz)
	bh.Grow(szh)
	for i, p := range parts {
		if i > 0 {
			b.WriteString(sep)
			bh.WriteString(sep)
		}
		if p.Usable() {
			b.WriteString(p.S)
			bh.WriteString(p.Sh)
			out.AnyKnown = true
			out.Partial = out.Partial || p.Partial
			out.Via = StrongerVia(out.Via, p.Via)
		} else {
			b.WriteString(UnknownPart)
			bh.WriteString(UnknownShellWord)
			out.Partial = true
		}
	}
	out.S, out.Sh = b.String(), bh.String()
	if sep == "/" {
		for strings.Contains(out.S, "//") {
			out.S = strings.ReplaceAll(out.S, "//", "/")
		}
	}
	return out
}

// ShellText renders a value as text a shell will run.
func ShellText(v Value) (string, bool) {
	if !v.Usable() {
		return "", false
	}
	return v.Sh, true
}

// StrongerVia combines the classes of joined parts: a run-time value wins
// over a tracked variable, which wins over a literal.
func StrongerVia(a, b scanner.Class) scanner.Class {
	if a == scanner.ClassDynamic || b == scanner.ClassDynamic {
		return scanner.ClassDynamic
	}
	if a == scanner.ClassVariableExecution || b == scanner.ClassVariableExecution {
		return scanner.ClassVariableExecution
	}
	return a
}

// Arg turns a value into an argv element for the judge.
// Args are the possibilities of v, each an argv element (a folder a
// command runs in, a file a link is made from).
func (t *Tree) Args(v Value) []scanner.Arg {
	var out []scanner.Arg
	for _, p := range v.Possibilities() {
		out = append(out, t.Arg(p))
	}
	return out
}

func (t *Tree) Arg(v Value) scanner.Arg {
	a := t.arg(v)
	a.Alts = AltArgs(t, v.Alt)
	return a
}

// arg is the element for v alone, without its other possibilities.
func (t *Tree) arg(v Value) scanner.Arg {
	if v.Cut {
		return scanner.Arg{Pos: t.PosOf(v), Cut: true}
	}
	if !v.Usable() {
		return scanner.Arg{Pos: t.PosOf(v)}
	}
	return scanner.Arg{Value: v.S, Known: true, Via: v.Via, Pos: t.PosOf(v)}
}

// PosOf returns where v's expression starts, or the zero Pos when v has
// no node.
func (t *Tree) PosOf(v Value) scanner.Pos {
	if v.Node == None {
		return scanner.Pos{}
	}
	return t.Pos(v.Node)
}
