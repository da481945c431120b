package fix

import (
	"strings"

	"github.com/leasegate/leasegate/cmdline"
)

// elem is one element of a bracketed list in the file: a string literal
// (known when its bytes are its value), a nested list, or other code.
type elem struct {
	word
	quote byte
	// list is set for a nested [...] element: its elements.
	list   []elem
	isList bool
	// open is the offset of a nested list's opening bracket.
	open int
}

// maxList bounds the elements of one list fix reads.
const maxList = 4096

// parseList reads the list whose opening bracket ([ or () is at open and
// returns its elements and the offset of the closing bracket.
func (fx *fixer) parseList(open, depth int) ([]elem, int, bool) {
	src := fx.src
	closer := map[byte]byte{'[': ']', '(': ')', '{': '}'}[src[open]]
	if closer == 0 || depth > maxNesting {
		return nil, 0, false
	}
	var out []elem
	i := open + 1
	for i < len(src) && len(out) < maxList {
		for i < len(src) {
			if isSpace(src[i]) || src[i] == '\n' || src[i] == '\r' || src[i] == ',' {
				i++
				continue
			}
			if n := fx.comment(i); n > 0 {
				i += n
				continue
			}
			break
		}
		if i >= len(src) {
			return nil, 0, false
		}
		c := src[i]
		switch {
		case c == closer:
			return out, i, true
		case c == '"' || c == '\'' || c == '`':
			end, ok := skipString(src, i)
			if !ok {
				return nil, 0, false
			}
			e := elem{quote: c}
			e.start, e.end = i, end
			raw := string(src[i+1 : end-1])
			if !strings.ContainsAny(raw, "\\\n") && !(c == '`' && strings.Contains(raw, "${")) {
				e.Word = cmdline.Lit(raw)
				e.inner, e.innerAt, e.innerOK = raw, i+1, true
			}
			// A string followed by more code (a concatenation, a method
			// call) is not a literal element.
			j := end
			for j < len(src) && isSpace(src[j]) {
				j++
			}
			if j < len(src) && src[j] != ',' && src[j] != closer && src[j] != '\n' && src[j] != '\r' {
				e.Word = cmdline.Word{}
				e.innerOK = false
				end = skipExpr(src, end, closer)
				if end < 0 {
					return nil, 0, false
				}
				e.end = trimRight(src, e.start, end)
			}
			out = append(out, e)
			i = end
		case c == '[' && closer != '}':
			sub, cl, ok := fx.parseList(i, depth+1)
			if !ok {
				return nil, 0, false
			}
			e := elem{list: sub, isList: true, open: i}
			e.start, e.end = i, cl+1
			out = append(out, e)
			i = cl + 1
		default:
			end := skipExpr(src, i, closer)
			if end <= i {
				return nil, 0, false
			}
			e := elem{}
			e.start, e.end = i, trimRight(src, i, end)
			out = append(out, e)
			i = end
		}
	}
	return nil, 0, false
}

func trimRight(src []byte, start, end int) int {
	for end > start && (isSpace(src[end-1]) || src[end-1] == '\n' || src[end-1] == '\r') {
		end--
	}
	return end
}

// comment returns the length of a comment at i in the file's language
// (# in Python, shell and YAML; // and /* */ in TS/JS and Go), or 0.
func (fx *fixer) comment(i int) int {
	src := fx.src
	lineEnd := func(j int) int {
		for j < len(src) && src[j] != '\n' {
			j++
		}
		return j - i
	}
	switch {
	case src[i] == '#' && fx.hashComments:
		return lineEnd(i)
	case fx.slashComments && i+1 < len(src) && src[i] == '/' && src[i+1] == '/':
		return lineEnd(i)
	case fx.slashComments && i+1 < len(src) && src[i] == '/' && src[i+1] == '*':
		if j := strings.Index(string(src[i+2:]), "*/"); j >= 0 {
			return j + 4
		}
	}
	return 0
}

// skipString returns the offset after the string literal at i.
func skipString(src []byte, i int) (int, bool) {
	q := src[i]
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case q:
			return j + 1, true
		case '\n':
			if q != '`' {
				return 0, false
			}
		}
	}
	return 0, false
}

// skipExpr returns the offset of the comma or closing bracket that ends the
// expression starting at i, skipping strings and nested brackets.
func skipExpr(src []byte, i int, closer byte) int {
	depth := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == '"' || c == '\'' || c == '`':
			end, ok := skipString(src, i)
			if !ok {
				return -1
			}
			i = end
			continue
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			if depth == 0 {
				if c == closer {
					return i
				}
				return -1
			}
			depth--
		case c == ',' && depth == 0:
			return i
		}
		i++
	}
	return -1
}

// listStyle writes argv elements as string literals in a list, with the
// separator and quote the list already uses.
type listStyle struct {
	sep   string
	quote byte
}

func styleOf(src []byte, elems []elem, at int) listStyle {
	st := listStyle{sep: ", ", quote: '"'}
	if q := elems[at].quote; q == '\'' || q == '"' {
		st.quote = q
	}
	for k := 1; k < len(elems); k++ {
		s := string(src[elems[k-1].end:elems[k].start])
		if strings.HasPrefix(s, ",") && !strings.ContainsAny(s, "\n\r") {
			st.sep = s
			break
		}
	}
	return st
}

func (st listStyle) quoted(elems []string) string {
	q := string(st.quote)
	out := make([]string, len(elems))
	for i, e := range elems {
		out[i] = q + e + q
	}
	return strings.Join(out, st.sep)
}

func (st listStyle) prefix(_ []word, _, _ int, elems []string) string { return st.quoted(elems) }

func (st listStyle) remove(words []word, k int) (int, int) {
	e := removeElems(words, []int{k}, 0)[0]
	return e.Start, e.End
}

func wordsOf(elems []elem) []word {
	out := make([]word, len(elems))
	for i, e := range elems {
		out[i] = e.word
	}
	return out
}

// listEdits gates the launch an argv list runs (elements from first on;
// the ones before, a context, stay).
func (fx *fixer) listEdits(elems []elem, first, off int) []Edit {
	if first >= len(elems) {
		return nil
	}
	el := elems[first:]
	at := 0
	for k, e := range el {
		if off != anyOffset && e.start <= off && off <= e.end {
			at = k
		}
	}
	edits, _ := fx.argvEdits(wordsOf(el), off, 0, styleOf(fx.src, el, at))
	return edits
}

// listAt finds the launch at off when off is inside a string element of a
// list (a Dockerfile or compose exec form, a JSON array): the list is
// found by reading from the start of the line, or up to 20 lines back.
func (fx *fixer) listAt(off int) []Edit {
	l := fx.lineOf(off)
	for back := 0; back < 20 && l-back >= 1; back++ {
		start := fx.lines[l-back-1]
		for i := off - 1; i >= start; i-- {
			if fx.src[i] != '[' {
				continue
			}
			elems, cl, ok := fx.parseList(i, 0)
			if !ok || cl < off {
				continue
			}
			if edits := fx.listEdits(elems, 0, off); len(edits) > 0 {
				return edits
			}
		}
	}
	return nil
}

// commandKey gates a JSON object (or a TOML inline table) whose command
// key names the launch, with its args list (an MCP server): the position
// may be on the command or inside args. See commandArgs.
func (fx *fixer) commandKey(off int) []Edit {
	open, ok := fx.objectAt(off)
	if !ok {
		return nil
	}
	var cmd *elem
	var args []elem
	argsOpen := -1
	src := fx.src
	i := open + 1
	for i < len(src) && src[i] != '}' {
		for i < len(src) && (isSpace(src[i]) || src[i] == '\n' || src[i] == '\r' || src[i] == ',') {
			i++
		}
		if i >= len(src) || src[i] == '}' {
			break
		}
		// A key: a string or a bare word, then : or =.
		var k string
		if src[i] == '"' || src[i] == '\'' {
			e, ok := skipString(src, i)
			if !ok {
				return nil
			}
			k, i = string(src[i+1:e-1]), e
		} else {
			j := i
			for j < len(src) && (isIdentByte(src[j]) || src[j] == '-') {
				j++
			}
			if j == i {
				return nil
			}
			k, i = string(src[i:j]), j
		}
		for i < len(src) && isSpace(src[i]) {
			i++
		}
		if i >= len(src) || src[i] != ':' && src[i] != '=' {
			return nil
		}
		i++
		for i < len(src) && (isSpace(src[i]) || src[i] == '\n' || src[i] == '\r') {
			i++
		}
		if i >= len(src) {
			return nil
		}
		switch {
		case k == "command" && (src[i] == '"' || src[i] == '\''):
			e, ok := skipString(src, i)
			if !ok {
				return nil
			}
			raw := string(src[i+1 : e-1])
			if strings.Contains(raw, "\\") {
				return nil
			}
			c := elem{quote: src[i]}
			c.Word, c.start, c.end = cmdline.Lit(raw), i, e
			cmd = &c
			i = e
		case k == "args" && src[i] == '[':
			list, cl, ok := fx.parseList(i, 0)
			if !ok {
				return nil
			}
			args, argsOpen = list, i
			i = cl + 1
		default:
			end := skipExpr(src, i, '}')
			if end < 0 {
				return nil
			}
			i = end
		}
	}
	if cmd == nil {
		return nil
	}
	if argsOpen < 0 {
		rt, ok := fx.cfg.RuntimeForCommand(cmd.Text)
		if !ok || cmd.quote != '"' {
			return nil
		}
		st := listStyle{sep: ", ", quote: '"'}
		return []Edit{
			{Start: cmd.start, End: cmd.end, Text: `"launch-runtime"`},
			{Start: cmd.end, End: cmd.end, Text: `, "args": [` + st.quoted(Args(rt, false)) + "]"},
		}
	}
	return fx.commandArgs(*cmd, args, argsOpen)
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// objectAt returns the opening brace of the innermost {...} holding off,
// read from the start of the file (strings skipped).
func (fx *fixer) objectAt(off int) (int, bool) {
	var stack []int
	src := fx.src
	for i := 0; i < len(src) && i < off; i++ {
		switch c := src[i]; c {
		case '"':
			e, ok := skipString(src, i)
			if !ok {
				return 0, false
			}
			if e > off {
				break
			}
			i = e - 1
		case '{':
			stack = append(stack, i)
		case '}':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
	}
	if len(stack) == 0 {
		return 0, false
	}
	return stack[len(stack)-1], true
}
