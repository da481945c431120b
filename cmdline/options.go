package cmdline

import "strings"

// Flag is one option as a program's grammar reads it.
type Flag struct {
	Name  string // "-I", "--replace"
	Value string // "" for an option that takes none
}

// Options reads the options of the program argv[0] by its table entry:
// the options given, with their values, and the index of the first operand
// (len(argv) when there is none). ok is false when the program is not in
// the table. Subcommands are not entered.
func Options(argv []string) (flags []Flag, operand int, ok bool) {
	if len(argv) == 0 {
		return nil, 0, false
	}
	s := lookup(argv[0])
	if s == nil {
		return nil, 0, false
	}
	j := 1
	for j < len(argv) {
		t := argv[j]
		switch {
		case t == "--":
			return flags, j + 1, true
		case strings.HasPrefix(t, "--") || s.Single && len(t) > 1 && t[0] == '-':
			name, val, attached := strings.Cut(t, "=")
			if !attached && (has(s.Long, name, s.Fold) || has(s.ShellOpts, name, s.Fold)) && j+1 < len(argv) {
				j++
				val = argv[j]
			}
			flags = append(flags, Flag{Name: name, Value: val})
		case len(t) > 1 && t[0] == '-':
			for k := 1; k < len(t); k++ {
				f := "-" + t[k:k+1]
				if strings.IndexByte(s.Short, t[k]) < 0 && !has(s.ShellOpts, f, s.Fold) {
					flags = append(flags, Flag{Name: f})
					continue
				}
				val := t[k+1:]
				if val == "" && j+1 < len(argv) {
					j++
					val = argv[j]
				}
				flags = append(flags, Flag{Name: f, Value: val})
				break
			}
		default:
			return flags, j, true
		}
		j++
	}
	return flags, j, true
}

// FindStarts returns find's starting points in its arguments (after
// -H -L -P -D x -O1); none means ".".
func FindStarts(args []string) []string {
	w := Words(args...)
	j := findOpts(w, 0, len(w))
	starts, _ := findPoints(w, j, len(w), func(i int) string { return args[i] })
	return starts
}

func findOpts(argv []Word, j, end int) int {
	for j < end && argv[j].Known {
		t := argv[j].Text
		if t == "-H" || t == "-L" || t == "-P" || strings.HasPrefix(t, "-O") {
			j++
			continue
		}
		if t == "-D" {
			j += 2
			continue
		}
		break
	}
	return j
}

func findPoints(argv []Word, j, end int, text func(int) string) ([]string, int) {
	var starts []string
	for j < end {
		w := argv[j]
		if w.Known && (strings.HasPrefix(w.Text, "-") || w.Text == "(" || w.Text == "!") {
			break
		}
		starts = append(starts, text(j))
		j++
	}
	if len(starts) == 0 {
		starts = []string{"."}
	}
	return starts, j
}
