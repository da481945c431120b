package shell

import (
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// fallback judges text the parser rejected: it splits it into commands at
// newlines and the usual separators, each command into words (quotes
// removed), and judges every command. It never loses a launch that a
// simple reading shows; it may see a launch that a shell would not run.
func (s *scan) fallback(text string, via scanner.Class) {
	start := 0
	flush := func(end int) {
		seg := text[start:end]
		start = end + 1
		words, offs := splitWords(seg)
		if len(words) == 0 {
			return
		}
		base := end - len(seg)
		argv := make([]scanner.Arg, len(words))
		for i, w := range words {
			// A placeholder an outer text put in stays unknown.
			argv[i] = val{s: opaque(w)}.arg(s.offPos(base + offs[i]))
		}
		for len(argv) > 0 && (isAssignWord(argv[0].Value) || shellKeywords[argv[0].Value]) {
			argv = argv[1:]
		}
		if len(argv) > 0 {
			s.judge(argv, via, 0)
		}
	}
	inS, inD := false, false
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '\\' && !inS:
			i++
		case c == '\'' && !inD:
			inS = !inS
		case c == '"' && !inS:
			inD = !inD
		case !inS && !inD && strings.IndexByte("\n;&|()`{}", c) >= 0:
			flush(i)
		case !inS && c == '$' && i+1 < len(text) && text[i+1] == '(':
			flush(i)
			i++
			start = i + 1
		}
	}
	flush(len(text))
}

func isAssignWord(w string) bool {
	eq := strings.IndexByte(w, '=')
	if eq <= 0 {
		return false
	}
	for i, r := range w[:eq] {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// splitWords splits a command into words, removing quotes and
// backslashes, with the byte offset where each word starts.
func splitWords(seg string) ([]string, []int) {
	var words []string
	var offs []int
	var b strings.Builder
	in := false
	inS, inD := false, false
	for i := 0; i < len(seg); i++ {
		c := seg[i]
		if !inS && !inD && (c == ' ' || c == '\t' || c == '\r') {
			if in {
				words = append(words, b.String())
				b.Reset()
				in = false
			}
			continue
		}
		if !in {
			in = true
			offs = append(offs, i)
		}
		switch {
		case c == '\\' && !inS && i+1 < len(seg):
			i++
			b.WriteByte(seg[i])
		case c == '\'' && !inD:
			inS = !inS
		case c == '"' && !inS:
			inD = !inD
		default:
			b.WriteByte(c)
		}
	}
	if in {
		words = append(words, b.String())
	}
	return words, offs
}

// shellKeywords start a compound command; the command follows them.
var shellKeywords = map[string]bool{
	"if": true, "then": true, "elif": true, "else": true, "while": true, "until": true,
	"do": true, "!": true, "time": true, "{": true, "(": true,
}
