package data

import (
	"regexp"
	"slices"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// physLines splits the file into lines without their end of line.
func (s *scan) physLines() []mline {
	src := string(s.src)
	var out []mline
	for off := 0; off <= len(src); {
		end := strings.IndexByte(src[off:], '\n')
		if end < 0 {
			out = append(out, mline{strings.TrimSuffix(src[off:], "\r"), off})
			break
		}
		out = append(out, mline{strings.TrimSuffix(src[off:off+end], "\r"), off})
		off += end + 1
	}
	return out
}

var systemdExecRE = regexp.MustCompile(`^\s*(Exec[A-Za-z]*)\s*=\s*`)

// systemd scans Exec*= lines of unit files (ExecStart, ExecStartPre,
// ExecStartPost, ExecCondition, ExecReload, ExecStop, ExecStopPost). The
// value is split into words by systemd's own rules (quotes, backslash
// continuation), never by a shell; `;` words separate commands; the
// prefixes - @ : + ! are dropped, and with @ the second word is only
// argv[0], so it is skipped. /bin/sh -c '...' is then judged by the core
// (its string is scanned as shell, class eval).
func (s *scan) systemd() {
	phys := s.physLines()
	saved := s.env
	s.env = systemdEnv(phys)
	defer func() { s.env = saved }()
	for i := 0; i < len(phys); i++ {
		l := phys[i]
		m := systemdExecRE.FindStringIndex(l.s)
		if m == nil {
			continue
		}
		// Continuation lines: the backslash and line end become a blank.
		parts := []text{verbatim(l.s[m[1]:], l.off+m[1])}
		for i+1 < len(phys) {
			last := parts[len(parts)-1]
			trimmed := strings.TrimRight(last.s, " \t")
			if !continued(trimmed) {
				break
			}
			cut := len(trimmed) - 1
			parts[len(parts)-1] = text{s: last.s[:cut], m: last.m[:cut+1]}
			parts = append(parts, text{s: " ", m: []int{last.fileOff(cut), last.fileOff(cut)}})
			i++
			l = phys[i]
			parts = append(parts, verbatim(l.s, l.off))
		}
		val := joinText(parts...)
		for _, cmd := range splitSystemd(val) {
			for len(cmd) > 0 && cmd[0].known && strings.Trim(cmd[0].t.s, "-@:+!") == "" {
				cmd = cmd[1:]
			}
			if len(cmd) == 0 {
				continue
			}
			first := cmd[0].t.s
			k := 0
			for k < len(first) && strings.ContainsRune("-@:+!", rune(first[k])) {
				k++
			}
			at := strings.Contains(first[:k], "@")
			cmd[0].t = text{s: first[k:], m: cmd[0].t.m[k:]}
			if at && len(cmd) > 1 {
				cmd = append(cmd[:1], cmd[2:]...)
			}
			s.judge(systemdExpand(cmd, s.env), "")
		}
	}
}

// systemdEnvRE finds a unit's Environment= lines.
var systemdEnvRE = regexp.MustCompile(`^\s*Environment\s*=\s*`)

// systemdEnv lists the variables a unit's Environment= lines set
// (`Environment=AGENT=pi "MODE=a b"`, split by systemd's rules), each
// as the literal value the commands see: systemd sets them for every
// Exec*= command of the unit, wherever they stand, so a shell an Exec
// line starts (`sh -c '$AGENT -p'`) knows them. A later line's value of
// a name replaces an earlier one's.
func systemdEnv(phys []mline) []envVar {
	var env []envVar
	for _, l := range phys {
		m := systemdEnvRE.FindStringIndex(l.s)
		if m == nil {
			continue
		}
		for _, cmd := range splitSystemd(verbatim(l.s[m[1]:], l.off+m[1])) {
			for _, w := range cmd {
				name, val, ok := strings.Cut(w.t.s, "=")
				if !ok || !isEnvName(name) || strings.Contains(val, "$") {
					continue
				}
				v := text{s: val, m: w.t.m[len(name)+1:]}
				env = overrideEnv(env, []envVar{{name: name, val: v}})
			}
		}
	}
	return env
}

// splitSystemd splits a unit command line into commands of words.
func splitSystemd(t text) [][]word {
	var cmds [][]word
	var cur []word
	var w []byte
	var wm []int
	inWord := false
	flush := func(end int) {
		if inWord {
			cur = append(cur, word{t: text{s: string(w), m: append(wm, t.fileOff(end))}, known: true})
		}
		w, wm, inWord = nil, nil, false
	}
	s := t.s
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			flush(i)
			if len(cur) > 0 && cur[len(cur)-1].t.s == ";" {
				cur = cur[:len(cur)-1]
				cmds = append(cmds, cur)
				cur = nil
			}
		case c == '"' || c == '\'':
			inWord = true
			q := c
			for i++; i < len(s) && s[i] != q; i++ {
				if s[i] == '\\' && i+1 < len(s) {
					i++
				}
				w = append(w, s[i])
				wm = append(wm, t.fileOff(i))
			}
		case c == '\\' && i+1 < len(s):
			inWord = true
			i++
			w = append(w, s[i])
			wm = append(wm, t.fileOff(i))
		default:
			inWord = true
			w = append(w, c)
			wm = append(wm, t.fileOff(i))
		}
	}
	flush(len(s))
	if len(cur) > 0 && cur[len(cur)-1].t.s == ";" {
		cur = cur[:len(cur)-1]
	}
	if len(cur) > 0 {
		cmds = append(cmds, cur)
	}
	return cmds
}

var procfileRE = regexp.MustCompile(`^([A-Za-z0-9_-]+)[ \t]*:[ \t]*`)

// procfile scans `name: command` lines; the command is a shell command
// line.
func (s *scan) procfile() {
	for _, l := range s.physLines() {
		m := procfileRE.FindStringIndex(l.s)
		if m == nil || strings.HasPrefix(strings.TrimSpace(l.s), "#") {
			continue
		}
		s.shell(verbatim(l.s[m[1]:], l.off+m[1]), "", nil)
	}
}

var (
	cronEnvRE = regexp.MustCompile(`^\s*[A-Za-z_][A-Za-z0-9_]*\s*=`)
	cronAtRE  = regexp.MustCompile(`^\s*@(?:reboot|yearly|annually|monthly|weekly|daily|midnight|hourly)\s+`)
	cronTimes = regexp.MustCompile(`^\s*(?:\S+\s+){5}`)
)

// crontab scans crontab lines: after the five time fields (or an @reboot
// style nickname) comes the command, run by the shell, up to the first
// unescaped `%` (the rest is its standard input). In system crontabs
// (files under cron.d/ and etc/crontab) a user name precedes the command.
func (s *scan) crontab() {
	system := strings.Contains("/"+s.p.Path, "/cron.d/") || strings.HasSuffix("/"+s.p.Path, "/etc/crontab")
	for _, l := range s.physLines() {
		t := strings.TrimSpace(l.s)
		if t == "" || strings.HasPrefix(t, "#") || cronEnvRE.MatchString(l.s) {
			continue
		}
		m := cronAtRE.FindStringIndex(l.s)
		if m == nil {
			m = cronTimes.FindStringIndex(l.s)
		}
		if m == nil {
			continue
		}
		start := m[1]
		if system {
			k := strings.IndexAny(l.s[start:], " \t")
			if k < 0 {
				continue
			}
			start += k
			for start < len(l.s) && (l.s[start] == ' ' || l.s[start] == '\t') {
				start++
			}
		}
		var b builder
		cmd := l.s[start:]
		for i := 0; i < len(cmd); i++ {
			if cmd[i] == '\\' && i+1 < len(cmd) && cmd[i+1] == '%' {
				b.add("%", l.off+start+i+1)
				i++
				continue
			}
			if cmd[i] == '%' {
				break
			}
			b.add(cmd[i:i+1], l.off+start+i)
		}
		s.shell(b.text(l.off+len(l.s)), "", nil)
	}
}

// systemdRefRE is a reference systemd itself expands in an Exec*= line:
// `${NAME}` anywhere in a word, `$NAME` as a whole word.
var systemdRefRE = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)\}|^\$([A-Za-z_][A-Za-z0-9_]*)$`)

// systemdExpand puts in place, in a unit command's words, the values the
// unit's Environment= lines give the references systemd expands itself
// (`ExecStart=/usr/bin/env ${AGENT_BIN} -p x` with
// `Environment=AGENT_BIN=claude`), inside quoted words too (a `sh -c`
// string). A word changed so is obtained through a variable
// (variable-execution); a reference the unit does not set stays as
// written.
func systemdExpand(cmd []word, env []envVar) []word {
	if len(env) == 0 {
		return cmd
	}
	out := make([]word, 0, len(cmd))
	for _, w := range cmd {
		ms := systemdRefRE.FindAllStringSubmatchIndex(w.t.s, -1)
		if len(ms) == 0 {
			out = append(out, w)
			continue
		}
		var b builder
		last, changed := 0, false
		for _, m := range ms {
			name := ""
			if m[2] >= 0 {
				name = w.t.s[m[2]:m[3]]
			} else {
				name = w.t.s[m[4]:m[5]]
			}
			i := slices.IndexFunc(env, func(e envVar) bool { return e.name == name })
			if i < 0 {
				continue
			}
			for k := last; k < m[0]; k++ {
				b.add(w.t.s[k:k+1], w.t.fileOff(k))
			}
			b.addAt(env[i].val.s, w.t.fileOff(m[0]))
			last, changed = m[1], true
		}
		if !changed {
			out = append(out, w)
			continue
		}
		for k := last; k < len(w.t.s); k++ {
			b.add(w.t.s[k:k+1], w.t.fileOff(k))
		}
		out = append(out, word{t: b.text(w.t.fileOff(len(w.t.s))), known: w.known, via: scanner.ClassVariableExecution})
	}
	return out
}
