package python

// proseless returns src with the text no Python code can run blanked:
// comments, and the plain string literals that stand alone as a
// statement (docstrings: a literal that opens a logical line outside
// brackets and ends it, with no f prefix, whose value is thrown away).
// The API prefilter (mayNameAPI) reads what is left, so a file whose
// docstrings say "operating system" or "executes" is not parsed for
// them: on Python's standard library that was two files in five of those
// parsed only for a summary.
//
// It over-approximates code: anything it cannot lex with certainty
// stays. An f-string's replacement fields are code and are never blanked;
// one that nests its own quote (Python 3.12) ends the blanking for the
// rest of the file, as does a string left open. When nothing is blanked
// it returns src itself. The loop is one pass over the bytes: no
// recursion.
func proseless(src []byte) []byte {
	var out []byte // a copy, made at the first blanking
	blank := func(from, to int) {
		if out == nil {
			out = append([]byte(nil), src...)
		}
		for i := from; i < to; i++ {
			if out[i] != '\n' {
				out[i] = ' '
			}
		}
	}
	depth := 0        // brackets open
	lineStart := true // no token yet on this logical line
	// afterOpen: the logical line before ended with a token that leaves
	// its statement open (an operator, a comma, a keyword such as `and`,
	// a colon that opens no block): tree-sitter's grammar then reads on
	// into the next line (`x -` then `"""doc"""` is one expression), so a
	// literal there is not taken for a statement. open is that of the
	// line being read, so far; head is its first word.
	afterOpen, open := false, false
	head := ""
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '#':
			end := lineEndAt(src, i)
			blank(i, end)
			i = end
		case c == '\n':
			if depth == 0 {
				if !lineStart {
					afterOpen = open
				}
				lineStart, open, head = true, false, ""
			}
			i++
		case c == '\\' && i+1 < len(src) && (src[i+1] == '\n' || src[i+1] == '\r'):
			// a continuation: the logical line goes on
			i += 2
			lineStart = false
		case c == ' ' || c == '\t' || c == '\r' || c == '\f':
			i++
		case c == '"' || c == '\'' || isPrefix(src, i):
			start := i
			f := false
			for i < len(src) && src[i] != '"' && src[i] != '\'' {
				if src[i] == 'f' || src[i] == 'F' {
					f = true
				}
				i++
			}
			end, ok := stringEnd(src, i, f)
			if !ok {
				return keep(src, out) // left open, or beyond what is lexed
			}
			if lineStart && depth == 0 && !f && !afterOpen && statementEnds(src, end) {
				blank(start, end)
			}
			i = end
			lineStart, open = false, false
		case c == '`':
			// Python 2's repr quotes, which tree-sitter's grammar still
			// reads: what they hold is not lexed here, so nothing after
			// is blanked (FuzzProseless)
			return keep(src, out)
		default:
			switch c {
			case '(', '[', '{':
				depth++
			case ')', ']', '}':
				if depth > 0 {
					depth--
				}
			}
			// a word runs whole, so a prefix letter inside one is not taken
			// for a string's
			if wordByte(c) {
				w := i
				for i < len(src) && wordByte(src[i]) {
					i++
				}
				word := string(src[w:i])
				if lineStart {
					head = word
				}
				open = openingWords[word]
			} else {
				i++
				switch c {
				case ')', ']', '}':
					open = false
				case ':':
					open = !compoundHeads[head]
				default:
					open = true
				}
			}
			lineStart = false

		}
	}
	return keep(src, out)
}

// compoundHeads are the words that open a compound statement, whose
// colon ends a line before an indented block (a docstring's place).
var compoundHeads = map[string]bool{
	"def": true, "class": true, "async": true, "if": true, "elif": true, "else": true,
	"for": true, "while": true, "try": true, "except": true, "finally": true,
	"with": true, "match": true, "case": true,
}

// openingWords are the keywords a statement cannot end with: a line that
// ends with one goes on, for the parser, on the next (proseless).
var openingWords = map[string]bool{
	"and": true, "or": true, "not": true, "in": true, "is": true, "if": true, "else": true,
	"elif": true, "lambda": true, "await": true, "import": true, "from": true, "as": true,
	"del": true, "assert": true, "global": true, "nonlocal": true, "with": true, "for": true,
	"while": true, "except": true, "class": true, "def": true, "async": true, "exec": true,
	"print": true, "match": true, "case": true, "type": true,
}

// keep is what proseless returns: src when nothing was blanked.
func keep(src, out []byte) []byte {
	if out == nil {
		return src
	}
	return out
}

// isPrefix reports whether src[i:] is a string prefix (r, b, u, f and
// their pairs, any case) right before a quote, at the start of a word.
func isPrefix(src []byte, i int) bool {
	if i > 0 && wordByte(src[i-1]) {
		return false
	}
	for n := 0; n < 2 && i+n < len(src); n++ {
		switch src[i+n] {
		case 'r', 'R', 'b', 'B', 'u', 'U', 'f', 'F':
			if i+n+1 < len(src) && (src[i+n+1] == '"' || src[i+n+1] == '\'') {
				return true
			}
		default:
			return false
		}
	}
	return false
}

// stringEnd returns the offset just past the string literal whose opening
// quote is at src[i]; ok is false when it is left open, or when an
// f-string's replacement field holds its own quote (Python 3.12 nesting,
// which this lexer does not follow).
func stringEnd(src []byte, i int, f bool) (end int, ok bool) {
	q := src[i]
	triple := i+2 < len(src) && src[i+1] == q && src[i+2] == q
	if triple {
		i += 3
	} else {
		i++
	}
	field := 0 // an f-string's replacement fields open
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\\':
			i += 2
			continue
		case c == q && (!triple || i+2 < len(src) && src[i+1] == q && src[i+2] == q):
			if field > 0 {
				return 0, false
			}
			if triple {
				return i + 3, true
			}
			return i + 1, true
		case c == '\n' && !triple:
			return 0, false
		case f && c == '{':
			if field == 0 && i+1 < len(src) && src[i+1] == '{' {
				i += 2
				continue
			}
			field++
		case f && c == '}' && field > 0:
			field--
		case f && field > 0 && (c == '"' || c == '\''):
			// a string inside a replacement field, of the other quote
			j := i + 1
			for j < len(src) && src[j] != c && src[j] != '\n' && src[j] != q {
				j++
			}
			if j >= len(src) || src[j] != c {
				return 0, false
			}
			i = j + 1
			continue
		}
		i++
	}
	return 0, false
}

// statementEnds reports whether nothing but blanks or a comment follows
// src[end:] on its line: the literal before it is a whole statement.
func statementEnds(src []byte, end int) bool {
	for i := end; i < len(src); i++ {
		switch src[i] {
		case ' ', '\t', '\r', '\f':
		case '\n', '#':
			return true
		default:
			return false
		}
	}
	return true
}

// lineEndAt is the offset of the newline that ends the line holding
// src[i], or len(src).
func lineEndAt(src []byte, i int) int {
	for ; i < len(src); i++ {
		if src[i] == '\n' {
			return i
		}
	}
	return i
}
