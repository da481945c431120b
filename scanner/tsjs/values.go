package tsjs

import (
	"strconv"
	"strings"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

// The detector's static view of an expression is the shared value model.
type value = treesitter.Value

// The shared value kinds and placeholders under the detector's names.
const (
	vUnknown = treesitter.VUnknown
	vStr     = treesitter.VStr
	vArr     = treesitter.VArr
	vObj     = treesitter.VObj
	vBool    = treesitter.VBool
	vNull    = treesitter.VNull
	vRef     = treesitter.VRef
	vFunc    = treesitter.VFunc

	unknownPart      = treesitter.UnknownPart
	unknownShellWord = treesitter.UnknownShellWord
)

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
	switch v.K {
	case vStr:
		if v.Via == scanner.ClassDynamic && v.Known() {
			return `"` + treesitter.DynamicShellWord(v.S) + `"`
		}
		if v.Known() {
			return shellQuote(v.S)
		}
		return `"` + unknownShellWord + `"`
	case vArr:
		var parts []string
		for _, e := range v.Elems {
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
