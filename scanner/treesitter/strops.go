package treesitter

import (
	"encoding/base64"
	"encoding/hex"
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// StrOp is what a string method or function does to its receiver's text.
// Each language maps its own method and function names to these in its
// API table; a name it does not map is not modelled (see StrMethod).
type StrOp uint8

// The string operations the evaluator computes.
const (
	StrUnmodelled   StrOp = iota
	StrIdentity           // toString, valueOf, decode, str()
	StrLower              // lower, casefold, toLowerCase
	StrUpper              // upper, toUpperCase
	StrCapitalize         // capitalize, title (of one word)
	StrSwapCase           // swapcase
	StrTrim               // strip([chars]), trim()
	StrTrimLeft           // lstrip([chars]), trimStart()
	StrTrimRight          // rstrip([chars]), trimEnd()
	StrReplaceAll         // Python replace(old, new), JS replaceAll
	StrReplaceFirst       // JS replace(string, string)
	StrRemovePrefix       // removeprefix(p)
	StrRemoveSuffix       // removesuffix(s)
	StrConcat             // JS concat(...strings)
	StrSliceJS            // JS slice(start, end?) (negative from the end)
	StrSubstring          // JS substring(start, end?) (swapped, clamped)
	StrSubstr             // JS substr(start, length?)
	StrCharAt             // JS charAt(i), at(i)
	StrFormat             // Python "{}".format(args...): fields in order
	StrRot13              // codecs.decode(s, "rot13")
	StrBase64             // base64 decoding (atob, b64decode, Buffer.from(s, "base64"))
	StrHex                // hex decoding (bytes.fromhex, unhexlify, Buffer.from(s, "hex"))
	StrURLDecode          // decodeURIComponent, unquote
	StrReverse            // reversed(s), [...s].reverse()
)

// StrMethod is the value of string operation op over each possibility of
// recv with arguments args. A possibility the operation cannot compute
// (unknown text or arguments, or an operation not modelled) keeps the
// receiver's text: an over-approximation, so a method nobody modelled
// cannot hide a runtime's name that its receiver spells.
func StrMethod(op StrOp, recv Value, args []Value, n int32) Value {
	parts := append([]Value{recv}, args...)
	return combine(parts, func(ps []Value) Value {
		r := ps[0]
		if r.K != VStr {
			return Unknown(n)
		}
		out := r
		out.Node, out.Lit, out.Alt = n, None, nil
		if !r.Known() {
			return out
		}
		s, ok := applyStrOp(op, r.S, ps[1:])
		if !ok {
			return out
		}
		if s != r.S {
			out.Composite = true
		}
		out.S, out.Sh = s, s
		return out
	})
}

// StrFromCodes is the string of the character codes vals (fromCharCode,
// chr over a list, bytes(list)), or Unknown(n) when one is not known.
func StrFromCodes(vals []Value, n int32) Value {
	var b strings.Builder
	for _, v := range vals {
		c, ok := intOf(v)
		if !ok || c < 0 || c > unicode.MaxRune {
			return Unknown(n)
		}
		b.WriteRune(rune(c))
	}
	out := Str(b.String(), n)
	out.Composite = true
	return out
}

// Chars is the list of the characters of string v (`[..."abc"]`,
// `"abc".split("")`, `list("abc")`), or Unknown(n) when v is not known.
func Chars(v Value, n int32) Value {
	if !v.Known() {
		return Unknown(n)
	}
	out := Value{K: VArr, Node: n, Lit: None}
	for _, r := range v.S {
		c := Str(string(r), n)
		c.Via = v.Via
		out.Elems = append(out.Elems, c)
	}
	return out
}

// Split is the list of the parts of string v split at sep (JS split(sep),
// Python split(sep)), or v alone when it cannot be split statically.
func Split(v Value, sep string, n int32) Value {
	if sep == "" {
		return Chars(v, n)
	}
	if !v.Known() {
		return Value{K: VArr, Node: n, Lit: None, Elems: []Value{v}}
	}
	out := Value{K: VArr, Node: n, Lit: None}
	for _, p := range strings.Split(v.S, sep) {
		c := Str(p, n)
		c.Via = v.Via
		out.Elems = append(out.Elems, c)
	}
	return out
}

// Reverse is list v in reverse order (a string: its characters).
func Reverse(v Value, n int32) Value {
	if v.K == VStr {
		v = Chars(v, n)
	}
	if v.K != VArr {
		return Unknown(n)
	}
	out := Value{K: VArr, Node: n, Lit: None, Elems: make([]Value, len(v.Elems))}
	for i, e := range v.Elems {
		out.Elems[len(v.Elems)-1-i] = e
	}
	return out
}

// PySlice is s[start:stop:step] of a known string (bounds given as
// values, absent ones as nil), or s unchanged when a bound is not known.
func PySlice(v Value, bounds [3]*Value, n int32) Value {
	out := v
	out.Node, out.Lit, out.Alt = n, None, nil
	if !v.Known() {
		return out
	}
	rs := []rune(v.S)
	var b [3]int
	var has [3]bool
	for i, p := range bounds {
		if p == nil || p.K == VNull {
			continue
		}
		x, ok := intOf(*p)
		if !ok {
			return out
		}
		b[i], has[i] = x, true
	}
	step := 1
	if has[2] {
		step = b[2]
	}
	if step == 0 {
		return out
	}
	l := len(rs)
	norm := func(x, lo, hi int) int {
		if x < 0 {
			x += l
		}
		return max(lo, min(x, hi))
	}
	var start, stop int
	if step > 0 {
		start, stop = 0, l
		if has[0] {
			start = norm(b[0], 0, l)
		}
		if has[1] {
			stop = norm(b[1], 0, l)
		}
	} else {
		start, stop = l-1, -1
		if has[0] {
			start = norm(b[0], -1, l-1)
		}
		if has[1] {
			stop = norm(b[1], -1, l-1)
		}
	}
	var sb strings.Builder
	for i := start; step > 0 && i < stop || step < 0 && i > stop; i += step {
		sb.WriteRune(rs[i])
	}
	out.S, out.Sh = sb.String(), sb.String()
	out.Composite = out.S != v.S || v.Composite
	return out
}

func intOf(v Value) (int, bool) {
	if !v.Known() {
		return 0, false
	}
	x, err := strconv.Atoi(v.S)
	if err != nil || x > 1<<20 || x < -(1<<20) {
		return 0, false
	}
	return x, true
}

func strArg(args []Value, i int) (string, bool) {
	if i >= len(args) || !args[i].Known() {
		return "", false
	}
	return args[i].S, true
}

// applyStrOp computes op over the known text s; ok is false when an
// argument it needs is not known.
func applyStrOp(op StrOp, s string, args []Value) (string, bool) {
	switch op {
	case StrIdentity:
		return s, true
	case StrLower:
		return strings.ToLower(s), true
	case StrUpper:
		return strings.ToUpper(s), true
	case StrCapitalize:
		if s == "" {
			return s, true
		}
		r, w := utf8.DecodeRuneInString(s)
		return string(unicode.ToUpper(r)) + strings.ToLower(s[w:]), true
	case StrSwapCase:
		return strings.Map(func(r rune) rune {
			if unicode.IsUpper(r) {
				return unicode.ToLower(r)
			}
			return unicode.ToUpper(r)
		}, s), true
	case StrTrim, StrTrimLeft, StrTrimRight:
		cut := " \t\n\r\v\f"
		if len(args) > 0 && args[0].K != VNull {
			c, ok := strArg(args, 0)
			if !ok {
				return "", false
			}
			cut = c
		}
		switch op {
		case StrTrimLeft:
			return strings.TrimLeft(s, cut), true
		case StrTrimRight:
			return strings.TrimRight(s, cut), true
		}
		return strings.Trim(s, cut), true
	case StrReplaceAll, StrReplaceFirst:
		o, ok1 := strArg(args, 0)
		nw, ok2 := strArg(args, 1)
		if !ok1 || !ok2 {
			return "", false
		}
		if op == StrReplaceFirst {
			return strings.Replace(s, o, nw, 1), true
		}
		return strings.ReplaceAll(s, o, nw), true
	case StrRemovePrefix:
		p, ok := strArg(args, 0)
		return strings.TrimPrefix(s, p), ok
	case StrRemoveSuffix:
		p, ok := strArg(args, 0)
		return strings.TrimSuffix(s, p), ok
	case StrConcat:
		for i := range args {
			p, ok := strArg(args, i)
			if !ok {
				return "", false
			}
			s += p
		}
		return s, true
	case StrSliceJS, StrSubstring, StrSubstr, StrCharAt:
		return jsSlice(op, s, args)
	case StrFormat:
		return pyFormat(s, args)
	case StrRot13:
		return strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z':
				return 'a' + (r-'a'+13)%26
			case r >= 'A' && r <= 'Z':
				return 'A' + (r-'A'+13)%26
			}
			return r
		}, s), true
	case StrBase64:
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.RawURLEncoding} {
			if b, err := enc.DecodeString(strings.TrimSpace(s)); err == nil {
				return string(b), true
			}
		}
		return "", false
	case StrHex:
		b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
		return string(b), err == nil
	case StrURLDecode:
		u, err := url.PathUnescape(s)
		return u, err == nil
	case StrReverse:
		rs := []rune(s)
		for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
			rs[i], rs[j] = rs[j], rs[i]
		}
		return string(rs), true
	}
	return "", false
}

// jsSlice computes slice, substring, substr, charAt and at over UTF-16
// code units approximated by runes.
func jsSlice(op StrOp, s string, args []Value) (string, bool) {
	rs := []rune(s)
	l := len(rs)
	arg := func(i, def int) (int, bool) {
		if i >= len(args) || args[i].K == VNull {
			return def, true
		}
		return intOf(args[i])
	}
	a, ok1 := arg(0, 0)
	b, ok2 := arg(1, l)
	if !ok1 || !ok2 {
		return "", false
	}
	clamp := func(x int) int { return max(0, min(x, l)) }
	rel := func(x int) int {
		if x < 0 {
			x += l
		}
		return clamp(x)
	}
	switch op {
	case StrSliceJS:
		a, b = rel(a), rel(b)
	case StrSubstring:
		a, b = clamp(a), clamp(b)
		if a > b {
			a, b = b, a
		}
	case StrSubstr:
		if len(args) < 2 {
			b = l
		}
		a = rel(a)
		b = clamp(a + max(b, 0))
	case StrCharAt:
		a = rel(a)
		b = clamp(a + 1)
	}
	if a >= b {
		return "", true
	}
	return string(rs[a:b]), true
}

// pyFormat fills the replacement fields of a str.format template with the
// positional arguments in order ({} and {0} forms).
func pyFormat(s string, args []Value) (string, bool) {
	var b strings.Builder
	next := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '{' && i+1 < len(s) && s[i+1] == '{' || c == '}' && i+1 < len(s) && s[i+1] == '}' {
			b.WriteByte(c)
			i++
			continue
		}
		if c != '{' {
			b.WriteByte(c)
			continue
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			return "", false
		}
		field := s[i+1 : i+j]
		if k := strings.IndexAny(field, "!:"); k >= 0 {
			field = field[:k]
		}
		idx := next
		if field != "" {
			x, err := strconv.Atoi(field)
			if err != nil {
				return "", false
			}
			idx = x
		} else {
			next++
		}
		p, ok := strArg(args, idx)
		if !ok {
			return "", false
		}
		b.WriteString(p)
		i += j
	}
	return b.String(), true
}

// Basename is the last part of path v (os.path.basename, path.basename),
// for each possibility; a possibility with unknown parts keeps the text
// after its last known slash.
func Basename(v Value, n int32) Value {
	return combine([]Value{v}, func(ps []Value) Value {
		p := ps[0]
		if p.K != VStr || !p.AnyKnown {
			return Unknown(n)
		}
		out := p
		out.Node, out.Lit, out.Alt = n, None, nil
		if i := strings.LastIndexByte(p.S, '/'); i >= 0 && !strings.Contains(p.S[i:], UnknownPart) {
			out.S, out.Sh = p.S[i+1:], p.S[i+1:]
			out.Partial = false
			out.Composite = true
		}
		return out
	})
}

// HolePath splits a template hole's path (`a.b["c"]`) into its names, at
// most 8; nil when s is no such path. dollar admits `$` in a name, as
// JavaScript identifiers do. The Python and TS/JS template renderers share
// it.
func HolePath(s string, dollar bool) []string {
	var out []string
	for s != "" && len(out) < 8 {
		k := 0
		for k < len(s) && (s[k] == '_' || dollar && s[k] == '$' || s[k] >= 'a' && s[k] <= 'z' || s[k] >= 'A' && s[k] <= 'Z' || k > 0 && s[k] >= '0' && s[k] <= '9') {
			k++
		}
		if k == 0 {
			if len(out) > 0 && len(s) > 4 && s[0] == '[' && (s[1] == '"' || s[1] == '\'') {
				if e := strings.IndexByte(s[2:], s[1]); e >= 0 && 2+e+1 < len(s) && s[2+e+1] == ']' {
					out = append(out, s[2:2+e])
					s = s[2+e+2:]
					continue
				}
			}
			break
		}
		out = append(out, s[:k])
		s = strings.TrimPrefix(s[k:], ".")
	}
	return out
}

// QuotedStrings lists the quoted string literals of a template
// expression, at most 8.
func QuotedStrings(expr string) []string {
	var out []string
	for i := 0; i < len(expr) && len(out) < 8; i++ {
		q := expr[i]
		if q != '"' && q != '\'' {
			continue
		}
		e := strings.IndexByte(expr[i+1:], q)
		if e < 0 {
			break
		}
		out = append(out, expr[i+1:i+1+e])
		i += e + 1
	}
	return out
}
