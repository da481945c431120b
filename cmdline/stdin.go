package cmdline

import (
	"regexp"
	"strings"
)

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

// ReadsCrontab reports whether argv, behind any wrapper, installs a
// crontab it reads from standard input (`crontab -`, `crontab` with no
// file, `sudo crontab -u agent -`): the text given to it is a crontab
// whose commands cron's shell runs (CrontabCommands). Listing, editing or
// removing a crontab (-l, -e, -r) reads nothing.
func ReadsCrontab(argv []Word) bool {
	k, ok := crontabAt(argv)
	return ok && k < 0
}

// CrontabFile returns the index of the file argv installs as a crontab
// (`crontab jobs.cron`), when it installs one from a file.
func CrontabFile(argv []Word) (int, bool) {
	k, ok := crontabAt(argv)
	return k, ok && k >= 0
}

// crontabAt finds the crontab program behind argv's wrappers: the index
// of its file operand, -1 for standard input; ok is false when argv runs
// no crontab that installs one.
func crontabAt(argv []Word) (int, bool) {
	for _, in := range Unwrap(argv).Inners {
		if in.Kind != KindArgv || in.Start < 0 || !argv[in.Start].Known || progName(argv[in.Start].Text) != "crontab" {
			continue
		}
		file := -1
		installs := true
		for j := in.Start + 1; j < in.End; j++ {
			w := argv[j]
			switch {
			case !w.Known:
				if file < 0 {
					file = j
				}
			case w.Text == "-u" || w.Text == "-c":
				j++ // its user, its folder
			case w.Text == "-":
			case strings.HasPrefix(w.Text, "-") && strings.ContainsAny(w.Text[1:], "lerivT"):
				installs = false
			case strings.HasPrefix(w.Text, "-"):
			case file < 0:
				file = j
			}
		}
		if installs {
			return file, true
		}
	}
	return 0, false
}

var (
	cronAssign = regexp.MustCompile(`^\s*[A-Za-z_][A-Za-z0-9_]*\s*=`)
	cronAt     = regexp.MustCompile(`^\s*@(?:reboot|yearly|annually|monthly|weekly|daily|midnight|hourly)\s+`)
	cronTimes  = regexp.MustCompile(`^\s*(?:\S+\s+){5}`)
)

// CrontabCommands turns crontab text into the shell text cron runs, line
// for line (each line keeps its number, its schedule blanked): after the
// five time fields (or an @reboot style nickname) comes the command, up
// to the first unescaped `%` (the rest is its standard input). Comments
// and environment lines are blank.
func CrontabCommands(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "#") || cronAssign.MatchString(l) {
			lines[i] = ""
			continue
		}
		m := cronAt.FindStringIndex(l)
		if m == nil {
			m = cronTimes.FindStringIndex(l)
		}
		if m == nil {
			lines[i] = ""
			continue
		}
		var b strings.Builder
		b.WriteString(strings.Repeat(" ", m[1]))
		cmd := l[m[1]:]
		for k := 0; k < len(cmd); k++ {
			if cmd[k] == '\\' && k+1 < len(cmd) && cmd[k+1] == '%' {
				b.WriteByte('%')
				k++
				continue
			}
			if cmd[k] == '%' {
				break
			}
			b.WriteByte(cmd[k])
		}
		lines[i] = b.String()
	}
	return strings.Join(lines, "\n")
}

// ReadsCode reports whether argv, behind any wrapper, runs an interpreter
// that reads its program from standard input: one of the table's code
// interpreters (python, node, perl, ruby, php: those with a -c or -e
// option) given no script or the script `-` (`python3 - <<'EOF'`, `node
// -`, `perl`), or `deno run -`. A here-document, here-string or pipe
// given to argv is then program code of that language, as the string of
// -c or -e would be. It returns the argv that runs the same code given
// as its next word (`python3 -c`, `node -e`, `deno eval`), so a caller
// judges it as it judges that form.
func ReadsCode(argv []Word) ([]string, bool) {
	for _, in := range Unwrap(argv).Inners {
		if in.Prog < 0 || in.Prog >= len(argv) || !argv[in.Prog].Known {
			continue
		}
		prog := argv[in.Prog].Text
		switch {
		case in.Kind == KindNone && in.Code == "" && !in.ShellScript && in.Start <= in.Prog:
		case in.Kind == KindScript && in.Start > in.Prog && in.Start < len(argv) && argv[in.Start].Known && argv[in.Start].Text == "-":
		default:
			continue
		}
		if progName(prog) == "deno" {
			if in.Kind == KindScript {
				return []string{prog, "eval"}, true
			}
			continue
		}
		s := lookup(prog)
		if s == nil || len(s.Code) == 0 || s.Then != KindScript {
			continue
		}
		return []string{prog, s.Code[0]}, true
	}
	return nil, false
}
