package python

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
	vArr           // a list or tuple
	vObj           // a dict literal, or keyword arguments (dict(...), Options(...))
	vBool          // true/false
	vNull          // null/undefined
	vRef           // a module, or a member path inside one (child_process.spawn)
	vFunc          // a function or class value, never a string
	vCmd           // an sh or plumbum command object: elems is its argv
	vPipe          // a plumbum pipeline: elems are its commands
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
	env       bool  // read from the environment (os.environ)
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

// decodeString decodes the content of a Python string literal (not raw).
func decodeString(s string, fstring bool) string {
	if !strings.ContainsAny(s, "\\{}") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if fstring && (c == '{' || c == '}') && i+1 < len(s) && s[i+1] == c {
			b.WriteByte(c)
			i++
			continue
		}
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch e := s[i]; e {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'v':
			b.WriteByte('\v')
		case '\n':
		case 'x':
			if i+2 < len(s) {
				if n, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
					b.WriteRune(rune(n))
					i += 2
					continue
				}
			}
			b.WriteString("\\x")
		case 'u', 'U':
			w := 4
			if e == 'U' {
				w = 8
			}
			if i+w < len(s) {
				if n, err := strconv.ParseUint(s[i+1:i+1+w], 16, 32); err == nil {
					b.WriteRune(rune(n))
					i += w
					continue
				}
			}
			b.WriteByte('\\')
			b.WriteByte(e)
		case '0', '1', '2', '3', '4', '5', '6', '7':
			j := i
			for j < len(s) && j < i+3 && s[j] >= '0' && s[j] <= '7' {
				j++
			}
			n, _ := strconv.ParseUint(s[i:j], 8, 16)
			b.WriteRune(rune(n))
			i = j - 1
		case '\\', '\'', '"':
			b.WriteByte(e)
		default:
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	return b.String()
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
