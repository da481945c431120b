package shell

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// unknown marks, inside a value, a stretch the detector cannot resolve
// (an environment variable, command output). A value holding it is not
// known, except that a path whose last element is known still names its
// program (`"$HOME/.local/bin/claude"`).
const unknown = "\x00"

// placeholder stands for an unknown stretch in text handed to a nested
// shell parse; it never names a runtime.
const placeholder = "__leasegate_unknown__"

// Caps that keep the work bounded on adversarial input.
const (
	maxAlts      = 16       // alternatives kept per word, argv or variable
	maxFields    = 256      // fields kept per word or argv alternative
	maxValueLen  = 1 << 20  // longest value built by concatenation
	maxCopyBytes = 64 << 20 // bytes copied into built values per scan tree
	maxFixRounds = 4
)

// val is one possible value of a field.
type val struct {
	s   string
	via scanner.Class
}

func (v val) known() bool { return !strings.Contains(v.s, unknown) }

// arg turns a field into an argv element for the judge.
func (v val) arg(pos scanner.Pos) scanner.Arg {
	if strings.Contains(v.s, envMarkerPrefix) {
		v.s = embeddedEnv(v.s)
	}
	if v.known() {
		return scanner.Arg{Value: v.s, Known: true, Via: v.via, Pos: pos}
	}
	// "$DIR/bin/claude": the program is known when every unknown stretch
	// lies before the last slash. HOME="$HOME" and --signal="$SIG": an
	// assignment or an option whose value alone is unknown keeps its
	// shape, so a wrapper reads it as the assignment or option it is.
	if i, j := strings.LastIndex(v.s, unknown), strings.LastIndexByte(v.s, '/'); j > i || knownShape(v.s) {
		return scanner.Arg{Value: strings.ReplaceAll(v.s, unknown, "…"), Known: true, Via: v.via, Pos: pos}
	}
	// Otherwise the word is opaque; its text, with the unknown stretches
	// as placeholders, is what a shell given it as a string would parse.
	// A stretch the file computed from its own data in a way the
	// analysis does not model (lostMark) may be any name: as the command
	// it is a launch of an unknown runtime (Arg.Cut).
	return scanner.Arg{Value: v.text(), Pos: pos, Cut: strings.Contains(v.s, lostMark)}
}

// knownShape reports a word whose unknown stretches all lie after the
// first '=' of an assignment (NAME=...) or of a long option (--opt=...).
func knownShape(s string) bool {
	eq := strings.IndexByte(s, '=')
	if eq <= 0 || strings.Contains(s[:eq], unknown) {
		return false
	}
	name := s[:eq]
	if strings.HasPrefix(name, "--") && len(name) > 2 {
		return true
	}
	for i, r := range name {
		if !(r == '_' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// text renders a value for a nested parse.
func (v val) text() string {
	return strings.ReplaceAll(strings.ReplaceAll(strings.ReplaceAll(v.s, capMark, ""), lostMark, ""), unknown, placeholder)
}

// reportCappedAlts is reportCapped over a word's alternatives. They may
// be a variable's own values, so they are copied, never changed in place.
func (s *scan) reportCappedAlts(alts []fields, at scanner.Pos) []fields {
	var out []fields
	for j, a := range alts {
		for i, v := range a {
			if !strings.Contains(v.s, capMark) {
				continue
			}
			if out == nil {
				out = append([]fields(nil), alts...)
			}
			if &out[j][0] == &alts[j][0] {
				out[j] = append(fields(nil), a...)
			}
			out[j][i] = s.reportCapped(v, at)
		}
	}
	if out == nil {
		return alts
	}
	return out
}

// reportCapped reports, at at, a value cut by concat's bound, and returns
// it without the mark.
func (s *scan) reportCapped(v val, at scanner.Pos) val {
	if !strings.Contains(v.s, capMark) {
		return v
	}
	s.p.ReportUnparseable(at, fmt.Sprintf("a value built by concatenation is longer than %d bytes, or the text's values copy more than %d; its middle is not judged", maxValueLen, maxCopyBytes))
	v.s = strings.ReplaceAll(v.s, capMark, "")
	return v
}

// rank orders how a value was obtained; the more specific wins when values
// are joined.
func rank(c scanner.Class) int {
	switch c {
	case scanner.ClassDynamic:
		return 2
	case scanner.ClassVariableExecution:
		return 1
	}
	return 0
}

func joinVia(a, b scanner.Class) scanner.Class {
	if rank(b) > rank(a) {
		return b
	}
	return a
}

// capMark follows the unknown stretch that stands for the middle of a
// value cut at maxValueLen or maxCopyBytes (see concat): where such a
// value is used, the bound is reported (reportCapped).
const capMark = "\x03"

// lostMark follows an unknown stretch the file computed from data it
// holds whole, by a transformation the analysis does not model
// (`$(echo edualc | rev)`, `$(echo Y2xh... | base64 -d)`, `$(echo clXude |
// sed s/X/a/)`): not a value from outside the file but one it lost track
// of, which may be any name (lostSubst).
const lostMark = "\x04"

// capKeep is how much of each end a cut value keeps.
const capKeep = 256

// concat joins two values, charging the copy to the scan tree's budget:
// values built from values (C="$C$C", strings evaluated from strings)
// cannot make the scan copy without bound. Past the budget the result
// keeps its two ends around an unknown middle (a program's path ends it,
// a command starts it) and is marked cut, never unknown whole: a value
// unknown for a bound would read as "no launch".
func (s *scan) concat(a, b val) val {
	via := joinVia(a.via, b.via)
	if strings.Contains(b.s, "/") {
		// What precedes a slash is a folder: the program's name, and how it
		// was obtained, come from b.
		via = b.via
	}
	if a.s == "" {
		return val{s: b.s, via: via}
	}
	n := len(a.s) + len(b.s)
	s.shared.copied += n
	if n > maxValueLen || s.shared.copied > maxCopyBytes {
		head, tail := a.s[:min(len(a.s), capKeep)], b.s[max(0, len(b.s)-capKeep):]
		if strings.Contains(head, capMark) || strings.Contains(tail, capMark) {
			return val{s: head + tail, via: via}
		}
		return val{s: head + unknown + capMark + tail, via: via}
	}
	return val{s: a.s + b.s, via: via}
}

// through marks a value as obtained through a variable.
func through(v val, via scanner.Class) val {
	v.via = joinVia(v.via, via)
	return v
}

// fields is one alternative of a word: the fields it expands to.
type fields []val

// seg is one alternative of a word part: the fields it contributes. The
// first field joins what precedes the part and the last what follows it.
// No fields at all means the part vanished (an unquoted empty expansion);
// quoted keeps an empty quoted part as an (empty) word.
type seg struct {
	fs     fields
	quoted bool
}

func unknownSeg() seg { return seg{fs: fields{{s: unknown}}} }

func litSeg(s string) seg { return seg{fs: fields{{s: s}}, quoted: true} }

// key identifies an alternative for deduplication.
func (f fields) key() string {
	var b strings.Builder
	for _, v := range f {
		b.WriteString(v.s)
		b.WriteByte(1)
		b.WriteString(string(v.via))
		b.WriteByte(2)
	}
	return b.String()
}

// altSet is an ordered, deduplicated, capped set of alternatives.
type altSet struct {
	list []fields
	seen map[string]bool
	// over says possibilities were left out past maxAlts.
	over bool
}

func (s *altSet) add(f fields) bool {
	if len(s.list) >= maxAlts {
		return false
	}
	k := f.key()
	if s.seen == nil {
		s.seen = map[string]bool{}
	}
	if s.seen[k] {
		return false
	}
	s.seen[k] = true
	s.list = append(s.list, f)
	return true
}

// combine concatenates part alternatives into word alternatives (the
// cartesian product, capped).
func (s *scan) combine(parts [][]seg) []fields {
	type state struct {
		fs   fields
		open bool
	}
	cur := []state{{}}
	for _, alts := range parts {
		var next []state
		for _, st := range cur {
			for _, sg := range alts {
				if len(next) >= s.altLimit() {
					break
				}
				fs := append(fields(nil), st.fs...)
				open := st.open
				if len(sg.fs) == 0 {
					if sg.quoted && !open {
						fs = append(fs, val{})
						open = true
					}
					next = append(next, state{fs, open})
					continue
				}
				for i, v := range sg.fs {
					if i == 0 && open {
						fs[len(fs)-1] = s.concat(fs[len(fs)-1], v)
						continue
					}
					fs = append(fs, v)
				}
				next = append(next, state{fs, true})
			}
		}
		cur = next
	}
	out := make([]fields, 0, len(cur))
	set := altSet{}
	for _, st := range cur {
		if set.add(st.fs) {
			out = append(out, st.fs)
		}
	}
	return out
}

// splitIFS splits a value on blanks as unquoted expansion does; an empty or
// blank value vanishes.
func splitIFS(v val) fields {
	var out fields
	for _, f := range strings.FieldsFunc(v.s, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' }) {
		if len(out) >= maxFields {
			break
		}
		out = append(out, val{s: f, via: v.via})
	}
	return out
}

// unescapeUnquoted removes the backslashes of an unquoted literal.
func unescapeUnquoted(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// unescapeDouble removes the backslashes that escape inside double quotes.
func unescapeDouble(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case '$', '`', '"', '\\':
				i++
			case '\n':
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// unescapeANSI decodes the body of a $'...' string.
func unescapeANSI(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
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
		case 'e', 'E':
			b.WriteByte(0x1b)
		case 'f':
			b.WriteByte('\f')
		case 'v':
			b.WriteByte('\v')
		case 'x':
			j := i + 1
			for j < len(s) && j < i+3 && isHex(s[j]) {
				j++
			}
			if j == i+1 {
				b.WriteString("\\x")
				continue
			}
			n, _ := strconv.ParseUint(s[i+1:j], 16, 8)
			b.WriteByte(byte(n))
			i = j - 1
		case '0', '1', '2', '3', '4', '5', '6', '7':
			j := i
			for j < len(s) && j < i+3 && s[j] >= '0' && s[j] <= '7' {
				j++
			}
			n, _ := strconv.ParseUint(s[i:j], 8, 16)
			b.WriteByte(byte(n))
			i = j - 1
		case 'u', 'U':
			j := i + 1
			width := 4
			if e == 'U' {
				width = 8
			}
			for j < len(s) && j < i+1+width && isHex(s[j]) {
				j++
			}
			if j == i+1 {
				b.WriteByte('\\')
				b.WriteByte(e)
				continue
			}
			n, _ := strconv.ParseUint(s[i+1:j], 16, 32)
			b.WriteRune(rune(n))
			i = j - 1
		default:
			b.WriteByte(e)
		}
	}
	return b.String()
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// altLimit is how many alternatives a word may have: one while resolving
// words far from the command word.
func (s *scan) altLimit() int {
	if s.oneAlt {
		return 1
	}
	return maxAlts
}
