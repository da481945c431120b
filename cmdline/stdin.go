package cmdline

import "strings"

// maxStdinDepth bounds how many strings-in-strings ReadsStdin follows.
const maxStdinDepth = 4

// ReadsStdin reports whether argv runs a shell that reads its script from
// standard input, so that a here-document or a pipe given to argv is shell
// text: a shell with no -c string and no script operand, behind any
// wrapper (sudo -i, su -, docker exec -i box sh, ssh HOST with no command),
// or named in a string a shell runs (ssh HOST bash, eval bash). Such a
// string is split crudely at ; & | ( ) and newlines and each piece is
// unwrapped again: an over-approximation. Past the depth bound (of the
// wrappers, or of strings in strings) the answer is yes: what runs there
// is not known, and a caller treats the input as shell. Keys typed into a
// terminal (KindTyped) and strings taken from interpreter code (Loose) do
// not receive argv's standard input.
func ReadsStdin(argv []Word) bool { return readsStdin(argv, 0) }

func readsStdin(argv []Word, depth int) bool {
	if len(argv) == 0 {
		return false
	}
	if depth > maxStdinDepth {
		return true
	}
	res := Unwrap(argv)
	if res.Bound {
		return true
	}
	for _, in := range res.Inners {
		switch {
		case in.Kind == KindStdin:
			return true
		case in.Kind == KindShell && !in.Loose:
			for _, piece := range strings.FieldsFunc(in.Text, isSeparator) {
				if readsStdin(textWords(piece), depth+1) {
					return true
				}
			}
		}
	}
	return false
}

func isSeparator(r rune) bool { return strings.ContainsRune(";&|()\n", r) }

var unquote = strings.NewReplacer(`'`, "", `"`, "")

// textWords splits a piece of shell text into words at white space, quote
// characters removed; a word holding Placeholder, an expansion or a
// backquote is unknown.
func textWords(piece string) []Word {
	var out []Word
	for _, f := range strings.Fields(piece) {
		if strings.Contains(f, Placeholder) || strings.ContainsAny(f, "$`") {
			out = append(out, Word{})
			continue
		}
		out = append(out, Lit(unquote.Replace(f)))
	}
	return out
}
