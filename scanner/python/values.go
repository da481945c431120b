package python

import (
	"strconv"
	"strings"

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

// The Python detector's own value kinds.
const (
	vCmd  = treesitter.VLanguage + iota // an sh or plumbum command object: Elems is its argv
	vPipe                               // a plumbum pipeline: Elems are its commands
)

// decodeString decodes the content of a Python string literal (not raw).
// stringContent is the text of a piece raw of a string literal whose
// prefix (`r`, `f`, `rb`, ... lower-cased) is prefix: escapes decoded
// unless raw, and `{{`/`}}` of an f-string as the braces they stand for.
func stringContent(prefix, raw string) string {
	if !strings.Contains(prefix, "r") {
		return decodeString(raw, strings.Contains(prefix, "f"))
	}
	if strings.Contains(prefix, "f") {
		return strings.NewReplacer("{{", "{", "}}", "}").Replace(raw)
	}
	return raw
}

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
