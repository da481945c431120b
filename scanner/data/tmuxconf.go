package data

import (
	"strings"
)

// KindTmux is a tmux configuration file (`.tmux.conf`, `tmux.conf`,
// `*.tmux.conf`, `*.tmux`): tmux runs its commands when it starts or
// sources the file, and some of them start shell commands.
const KindTmux Kind = "tmux"

// isTmuxConf reports whether base (a file's base name) names a tmux
// configuration file.
func isTmuxConf(base string) bool {
	return base == ".tmux.conf" || base == "tmux.conf" || strings.HasSuffix(base, ".tmux.conf") ||
		strings.HasSuffix(base, ".tmux") || base == ".tmux.conf.local"
}

// maxTmuxDepth bounds tmux commands inside tmux commands (a bind-key's
// command, if-shell's branches, confirm-before's command).
const maxTmuxDepth = 4

// tmuxShellCommand lists, for each tmux command (and its alias) whose
// trailing arguments are a shell command, the flags that take a value.
// The words after the flags are the shell command (tmux 3 runs several
// as an argv, one as a shell command line: judged alike here).
var tmuxShellCommand = map[string]string{
	"new-session": "cefnstxy", "new": "cefnstxy",
	"new-window": "cefnt", "neww": "cefnt",
	"split-window": "ceflpt", "splitw": "ceflpt",
	"respawn-pane": "cet", "respawnp": "cet",
	"respawn-window": "cet", "respawnw": "cet",
	"run-shell": "cdt", "run": "cdt",
	"display-popup": "bcdehsStTwxy", "popup": "bcdehsStTwxy",
	"pipe-pane": "t", "pipep": "t",
	// keys typed into a pane's shell: a command line once Enter is sent
	"send-keys": "cNt", "send": "cNt",
}

// tmuxConf reads a tmux configuration file: each command (lines joined at a
// trailing backslash, commands split at `;` and at braces) that starts a
// shell command has it judged as a shell line: new-session, new-window,
// split-window, respawn-pane/-window, run-shell, display-popup,
// pipe-pane and send-keys (its keys, without `Enter`/`C-m`), the
// shell-command of if-shell, and `set -g default-command`. bind-key's
// command, if-shell's branches and confirm-before's and
// command-prompt's commands are tmux commands read the same way, at most
// maxTmuxDepth deep; deeper ones are not read (a bound: unparseable).
func (s *scan) tmuxConf() {
	for _, cmd := range tmuxCommands(tmuxWords(s.physLines())) {
		s.tmuxCommand(cmd, 0)
	}
}

// tmuxWord is one word of a tmux command, with the file offset of each
// of its bytes.
type tmuxWord struct {
	s   string
	m   []int
	at  int  // where the word starts (its opening quote, if any)
	sep bool // `;`, `\;`, `{` or `}`: ends a command
	raw bool // written unquoted
}

func (w tmuxWord) text() text {
	return text{s: w.s, m: append(append([]int(nil), w.m...), w.end())}
}

// mapOff is the file offset of byte o of the word's text.
func (w tmuxWord) mapOff(o int) int {
	if o >= 0 && o < len(w.m) {
		return w.m[o]
	}
	return w.end()
}

// end is the offset just past the word's last byte.
func (w tmuxWord) end() int {
	if n := len(w.m); n > 0 {
		return w.m[n-1] + 1
	}
	return w.at
}

// tmuxWords splits lines into tmux words: blanks separate them, '...'
// and "..." quote (a backslash escapes in double quotes), `#` at a word's
// start comments out the rest of the line, a trailing backslash joins
// the next line.
func tmuxWords(lines []mline) []tmuxWord {
	var out []tmuxWord
	var cur builder
	inWord, raw, start := false, true, 0
	flush := func() {
		if inWord {
			t := cur.text(0)
			out = append(out, tmuxWord{s: t.s, m: t.m[:len(t.m)-1], at: start, raw: raw})
		}
		cur, inWord, raw = builder{}, false, true
	}
	for _, l := range lines {
		s := l.s
		for i := 0; i < len(s); i++ {
			c := s[i]
			switch {
			case c == ' ' || c == '\t':
				flush()
			case c == '#' && !inWord:
				i = len(s)
			case c == '\\' && i == len(s)-1:
				// continued on the next line
			case c == '\\' && i+1 < len(s) && s[i+1] == ';' && !inWord:
				flush()
				out = append(out, tmuxWord{s: ";", m: []int{l.off + i + 1}, at: l.off + i, sep: true})
				i++
			case (c == ';' || c == '{' || c == '}') && !inWord && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\t'):
				out = append(out, tmuxWord{s: string(c), m: []int{l.off + i}, at: l.off + i, sep: true})
			case c == ';' && inWord && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\t'):
				flush()
				out = append(out, tmuxWord{s: ";", m: []int{l.off + i}, at: l.off + i, sep: true})
			case c == '\'' || c == '"':
				if !inWord {
					start = l.off + i
				}
				inWord, raw = true, false
				j := i + 1
				for ; j < len(s) && s[j] != c; j++ {
					if c == '"' && s[j] == '\\' && j+1 < len(s) {
						j++
					}
					cur.add(s[j:j+1], l.off+j)
				}
				i = j
			default:
				if !inWord {
					start = l.off + i
				}
				inWord = true
				cur.add(s[i:i+1], l.off+i)
			}
		}
		if !strings.HasSuffix(s, "\\") {
			flush()
			out = append(out, tmuxWord{sep: true}) // end of line
		}
	}
	flush()
	return out
}

// tmuxCommands splits words into commands at separators.
func tmuxCommands(ws []tmuxWord) [][]tmuxWord {
	var out [][]tmuxWord
	var cur []tmuxWord
	for _, w := range ws {
		if w.sep {
			if len(cur) > 0 {
				out = append(out, cur)
			}
			cur = nil
			continue
		}
		cur = append(cur, w)
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// tmuxArgs drops the flags of args, a flag whose letter is in valued
// taking the next word (or the rest of its own word) as its value.
func tmuxArgs(args []tmuxWord, valued string) []tmuxWord {
	for len(args) > 0 {
		a := args[0].s
		if a == "--" {
			return args[1:]
		}
		if len(a) < 2 || a[0] != '-' {
			return args
		}
		args = args[1:]
		for k := 1; k < len(a); k++ {
			if strings.IndexByte(valued, a[k]) >= 0 {
				if k == len(a)-1 && len(args) > 0 {
					args = args[1:]
				}
				break
			}
		}
	}
	return args
}

// tmuxCommand judges one tmux command, depth commands deep.
func (s *scan) tmuxCommand(cmd []tmuxWord, depth int) {
	if len(cmd) == 0 {
		return
	}
	if depth > maxTmuxDepth {
		s.p.ReportUnparseable(s.pos(cmd[0].at), "tmux commands nested more than 4 deep are not read")
		return
	}
	name, args := cmd[0].s, cmd[1:]
	inner := func(w tmuxWord) {
		// a tmux command written as one argument
		lines := []mline{{s: w.s, off: 0}}
		for _, c := range tmuxCommands(tmuxWords(lines)) {
			for i := range c {
				for j, o := range c[i].m {
					c[i].m[j] = w.mapOff(o)
				}
				c[i].at = w.mapOff(c[i].at)
			}
			s.tmuxCommand(c, depth+1)
		}
	}
	switch name {
	case "bind-key", "bind":
		rest := tmuxArgs(args, "NT")
		if len(rest) > 1 {
			s.tmuxCommand(rest[1:], depth+1)
		}
		return
	case "if-shell", "if":
		rest := tmuxArgs(args, "t")
		if len(rest) > 0 {
			s.shell(rest[0].text(), "", nil)
		}
		for _, w := range rest[min(1, len(rest)):] {
			inner(w)
		}
		return
	case "confirm-before", "confirm", "command-prompt":
		rest := tmuxArgs(args, "cIpPtT")
		for _, w := range rest {
			inner(w)
		}
		return
	case "set-option", "set", "set-window-option", "setw":
		rest := tmuxArgs(args, "t")
		if len(rest) > 1 && (rest[0].s == "default-command" || rest[0].s == "default-shell") {
			s.shell(rest[1].text(), "", nil)
		}
		return
	}
	valued, ok := tmuxShellCommand[name]
	if !ok {
		return
	}
	rest := tmuxArgs(args, valued)
	if name == "send-keys" || name == "send" {
		var keep []tmuxWord
		for _, w := range rest {
			if w.raw && (w.s == "Enter" || w.s == "C-m" || w.s == "KPEnter") {
				continue
			}
			keep = append(keep, w)
		}
		rest = keep
	}
	if len(rest) == 0 {
		return
	}
	// the words joined by one blank each, each mapped to its place
	var b builder
	for i, w := range rest {
		if i > 0 {
			b.addAt(" ", w.at)
		}
		b.b.WriteString(w.s)
		b.m = append(b.m, w.m...)
	}
	s.shell(b.text(rest[len(rest)-1].end()), "", nil)
}
