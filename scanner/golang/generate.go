package golang

import (
	"bytes"
	"strconv"
	"strings"

	lscanner "github.com/leasegate/leasegate/scanner"
)

// `//go:generate` directives are commands: `go generate` runs each line
// (at the start of a line of a .go file) as a program and its arguments,
// without a shell. The words are split as cmd/go splits them: blanks
// separate words, a double-quoted Go string is one word, `$NAME` is the
// environment's (`$GOFILE`, `$GOPACKAGE`, `$DOLLAR` and the others are
// set by go generate: a word found at run time), and `-command NAME CMD
// ...` defines NAME, for the rest of the file, as CMD and its arguments.
// Each command is judged as a process API's argv at its line, whatever
// the file's package can do otherwise, so it is read before the package
// is (and only in a file whose text holds a trigger).

// goGenerate is the directive's prefix.
var goGenerate = []byte("//go:generate")

// maxGenerateAliases bounds the -command aliases of one file.
const maxGenerateAliases = 64

// checkGenerate judges the //go:generate commands of src on p.
func checkGenerate(p *lscanner.Pass, src []byte) {
	if !bytes.Contains(src, goGenerate) {
		return
	}
	aliases := map[string][]lscanner.Arg{}
	line := 0
	for rest := src; len(rest) > 0; {
		line++
		text := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			text, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
		after, ok := bytes.CutPrefix(text, goGenerate)
		if !ok || len(after) == 0 || after[0] != ' ' && after[0] != '\t' {
			continue
		}
		words, ok := generateWords(string(bytes.TrimRight(after, "\r")))
		if !ok || len(words) == 0 {
			continue
		}
		at := lscanner.Pos{Line: line, Column: len(goGenerate) + words[0].off + 1}
		argv := make([]lscanner.Arg, len(words))
		for i, w := range words {
			argv[i] = lscanner.Arg{Value: w.text, Known: w.known, Pos: lscanner.Pos{Line: line, Column: len(goGenerate) + w.off + 1}}
			if !w.known {
				argv[i].Value = ""
			}
		}
		if argv[0].Known && argv[0].Value == "-command" {
			if len(argv) >= 3 && argv[1].Known && len(aliases) < maxGenerateAliases {
				aliases[argv[1].Value] = argv[2:] // judged where it is run
			}
			continue
		}
		if argv[0].Known {
			if def, ok := aliases[argv[0].Value]; ok {
				argv = append(append([]lscanner.Arg(nil), def...), argv[1:]...)
			}
		}
		p.Judge(lscanner.Command{Argv: argv, At: at, API: true})
	}
}

// generateWord is one word of a directive: known unless it expands an
// environment variable.
type generateWord struct {
	text  string
	known bool
	off   int // where its text starts in the directive's text
}

// generateWords splits a directive's text as cmd/go does; ok is false
// when a quoted string does not close.
func generateWords(s string) ([]generateWord, bool) {
	var out []generateWord
	i := 0
	for i < len(s) {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i >= len(s) {
			break
		}
		if s[i] == '"' {
			end := i + 1
			for end < len(s) && s[end] != '"' {
				if s[end] == '\\' {
					end++
				}
				end++
			}
			if end >= len(s) {
				return nil, false
			}
			u, err := strconv.Unquote(s[i : end+1])
			if err != nil {
				return nil, false
			}
			out = append(out, generateWord{text: u, known: true, off: i + 1})
			i = end + 1
			continue
		}
		j := strings.IndexAny(s[i:], " \t")
		if j < 0 {
			j = len(s) - i
		}
		w := s[i : i+j]
		out = append(out, generateWord{text: w, known: !strings.Contains(w, "$"), off: i})
		i += j
	}
	return out, true
}
