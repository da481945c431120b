package gate

import (
	"strings"

	"github.com/leasegate/leasegate/cmdline"
)

// Command wrappers: programs that run their arguments as another command.
// Which programs they are, their options and where their inner command is
// belong to package cmdline, which the scanner shares. exec records the
// commands cmdline finds at the end of every wrapper chain and sends the
// strings a wrapper hands to a shell (bash -c, eval, su -c, watch,
// script -c, flock -c, env -S, tmux new-session, ssh HOST CMD, ...) back
// through the parser.

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// words turns an argv into cmdline's words: a word holding an expansion
// ($X, $(...)) is not known, but keeps its text for a nested parse.
func cmdWords(argv []string, dynamic bool) []cmdline.Word {
	ws := make([]cmdline.Word, len(argv))
	for i, w := range argv {
		ws[i] = cmdline.Word{Text: w, Known: !isDynamic(w)}
	}
	if dynamic && len(ws) > 0 {
		ws[0].Known = false
	}
	return ws
}

// exec records one command, unwrapping wrappers. An argv deeper than the
// wrapper bound cannot be judged: the command is too large (denied).
func (a *analyzer) exec(argv, words []string, dynamic bool, redirs []redirect, docs []string, depth int) {
	emit := func(argv []string, dyn bool) {
		a.facts.cmds = append(a.facts.cmds, cmdInst{argv: argv, words: words, dynamic: dyn, redirs: redirs, docs: docs, cwd: a.cwd})
	}
	if len(argv) == 0 {
		emit([]string{""}, false)
		return
	}
	res := cmdline.UnwrapDepth(cmdWords(argv, dynamic), maxWrappers)
	if res.Bound {
		a.facts.err = ErrShellTooLarge
		return
	}
	for _, in := range res.Inners {
		switch in.Kind {
		case cmdline.KindArgv, cmdline.KindPackage:
			// A package runner's package is judged as the command it
			// names (pnpm exec rm, npx rimraf): over-approximated.
			if in.Start < 0 {
				emit(argv[in.Prog:], false)
				continue
			}
			if in.Repl == "" {
				a.command(argv[in.Start:in.End], emit, depth)
				continue
			}
			// find / -exec rm -rf {} +: {} is each starting point; find
			// itself is judged too (find / -delete -exec ...).
			emit(argv[in.Wrapper:], false)
			for _, s := range in.With {
				sub := make([]string, in.End-in.Start)
				for k, w := range argv[in.Start:in.End] {
					sub[k] = strings.ReplaceAll(w, in.Repl, s)
				}
				a.command(sub, emit, depth)
			}
		case cmdline.KindShell, cmdline.KindTyped:
			emit(argv[in.Prog:], false)
			if in.Loose {
				a.looseScript(in.Text, depth+1)
			} else {
				a.script(in.Text, depth+1)
			}
		default:
			emit(argv[in.Prog:], false)
		}
	}
}

// command records a command left after the wrappers; a call of a function
// the command defines is judged with its arguments bound.
func (a *analyzer) command(argv []string, emit func([]string, bool), depth int) {
	dyn := isDynamic(argv[0])
	if body := a.funcs[cmdName(argv[0])]; body != nil && !dyn {
		emit(argv, false)
		a.callFunc(body, argv[1:], depth)
		return
	}
	emit(argv, dyn)
}

// looseScript records the commands of text that may not be a whole script
// (keys typed into tmux, a string from node -e code). Text that parses is
// judged as a script; text that does not is still run up to its error by a
// shell reading it, so each of its lines and list items is judged by its
// words, quotes stripped: an over-approximation, never a pass unjudged.
func (a *analyzer) looseScript(src string, depth int) {
	if _, err := parseBash(src); err == nil {
		a.script(src, depth)
		return
	}
	items := strings.FieldsFunc(src, func(r rune) bool { return r == '\n' || r == ';' || r == '&' || r == '|' })
	for _, item := range items {
		var argv []string
		for _, w := range strings.Fields(item) {
			if w = strings.Trim(w, `'"`); w != "" {
				argv = append(argv, w)
			}
		}
		if len(argv) > 0 {
			a.exec(argv, argv, false, nil, nil, depth+1)
		}
	}
}
