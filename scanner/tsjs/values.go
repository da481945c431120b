package tsjs

import (
	"strconv"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// vkind is what the detector knows about an expression's value.
type vkind uint8

const (
	vUnknown vkind = iota
	vStr           // a string (possibly with unknown parts)
	vArr           // an array literal
	vObj           // an object literal
	vBool          // true/false
	vNull          // null/undefined
	vRef           // a module, or a member path inside one (child_process.spawn)
	vFunc          // a function or class value, never a string
)

// Placeholders for parts of a string the detector cannot resolve. In an
// argv element the unknown part is "…" (so `${dir}/claude` still ends in
// the runtime); in text handed to a shell it is an unset variable, and a
// run-time look-up with a known target is a default expansion, which the
// shell detector classes as dynamic.
const (
	unknownPart      = "…"
	unknownShellWord = "$__lg_unknown"
)

func dynamicShellWord(target string) string {
	return "${__lg_dynamic:-" + target + "}"
}

// value is the detector's static view of an expression.
type value struct {
	k vkind
	// s is the string as an argv element sees it; sh as a shell string
	// sees it (unknown parts as placeholders).
	s, sh string
	// known parts: partial means some part is unknown; empty means no part
	// is known (the whole string is unknown).
	partial, anyKnown bool
	// composite marks a string built from more than one literal (the raw
	// text search cannot see a primitive split across them).
	composite bool
	via       scanner.Class // ClassDynamic for run-time look-ups
	b         bool
	elems     []value
	obj       int32
	mod       string
	path      []string
	node      int32 // the expression, for positions
	lit       int32 // the string literal node when the value is that literal
	env       bool  // read from the environment (process.env.X)
	fn        int32 // vFunc: the function node
	alt       *value
}

func unknown(n int32) value { return value{k: vUnknown, node: n, lit: none} }

func str(s string, n int32) value {
	return value{k: vStr, s: s, sh: s, anyKnown: true, node: n, lit: none}
}

// known reports whether v is a string whose every part is resolved.
func (v value) known() bool { return v.k == vStr && !v.partial }

// usable reports whether v is a string with at least some known text.
func (v value) usable() bool { return v.k == vStr && v.anyKnown }

func (v value) truthy() (bool, bool) {
	switch v.k {
	case vBool:
		return v.b, true
	case vNull:
		return false, true
	case vStr:
		if v.known() {
			return v.s != "", true
		}
	case vArr, vObj, vFunc:
		return true, true
	}
	return false, false
}

// concat joins two values as string `+` does.
func concat(a, b value, n int32) value {
	out := value{k: vStr, node: n, lit: none, composite: true}
	for _, v := range []value{a, b} {
		switch v.k {
		case vStr:
			out.s += v.s
			out.sh += v.sh
			out.partial = out.partial || v.partial
			out.anyKnown = out.anyKnown || v.anyKnown
			out.via = strongerVia(out.via, v.via)
		case vBool:
			out.s += strconv.FormatBool(v.b)
			out.sh += strconv.FormatBool(v.b)
			out.anyKnown = true
		case vNull:
			out.s += "null"
			out.sh += "null"
			out.anyKnown = true
		default:
			out.s += unknownPart
			out.sh += unknownShellWord
			out.partial = true
		}
	}
	return out
}

// arg turns a value into an argv element for the judge.
func (a *analyzer) arg(v value) scanner.Arg {
	if !v.usable() {
		return scanner.Arg{Pos: a.posOf(v)}
	}
	return scanner.Arg{Value: v.s, Known: true, Via: v.via, Pos: a.posOf(v)}
}

func (a *analyzer) posOf(v value) scanner.Pos {
	if v.node == none {
		return scanner.Pos{}
	}
	return a.t.Pos(v.node)
}

// shellText renders a value as text a shell will run.
func shellText(v value) (string, bool) {
	if !v.usable() {
		return "", false
	}
	return v.sh, true
}

// shellQuote quotes s as one shell word.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '-' || r == '_' || r == '.' || r == '/' || r == '@' || r == '=' || r == ':' || r == ',' || r == '+' ||
			r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// quotedWord renders an interpolated value as zx and Bun quote it: one
// word per string, one word per array element.
func quotedWord(v value) string {
	switch v.k {
	case vStr:
		if v.via == scanner.ClassDynamic && v.known() {
			return `"` + dynamicShellWord(v.s) + `"`
		}
		if v.known() {
			return shellQuote(v.s)
		}
		return `"` + unknownShellWord + `"`
	case vArr:
		var parts []string
		for _, e := range v.elems {
			parts = append(parts, quotedWord(e))
		}
		return strings.Join(parts, " ")
	}
	return `"` + unknownShellWord + `"`
}

// decodeEscape decodes one JS escape sequence (with its backslash).
func decodeEscape(e string) string {
	if len(e) < 2 {
		return e
	}
	switch e[1] {
	case 'n':
		return "\n"
	case 't':
		return "\t"
	case 'r':
		return "\r"
	case 'b':
		return "\b"
	case 'f':
		return "\f"
	case 'v':
		return "\v"
	case '0':
		if len(e) == 2 {
			return "\x00"
		}
	case 'x':
		if n, err := strconv.ParseUint(e[2:], 16, 8); err == nil {
			return string(rune(n))
		}
	case 'u':
		h := strings.Trim(e[2:], "{}")
		if n, err := strconv.ParseUint(h, 16, 32); err == nil {
			return string(rune(n))
		}
	case '\n':
		return ""
	case '\r':
		return ""
	}
	return e[1:]
}

// strongerVia combines the classes of joined parts: a run-time value wins
// over a tracked variable, which wins over a literal.
func strongerVia(a, b scanner.Class) scanner.Class {
	if a == scanner.ClassDynamic || b == scanner.ClassDynamic {
		return scanner.ClassDynamic
	}
	if a == scanner.ClassVariableExecution || b == scanner.ClassVariableExecution {
		return scanner.ClassVariableExecution
	}
	return a
}
