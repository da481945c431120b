package data

import (
	"path"
	"regexp"
	"strings"
)

// INI files that define launches (docs/data.md): supervisord's programs,
// tox's test environments and git's aliases and command settings. They
// are read line by line and never fail.

// iniEntry is one `key = value` of an INI file: its section (as written,
// inside the brackets), its key and its value's lines (the first after
// the separator, then indented continuation lines), comments removed.
type iniEntry struct {
	section, key string
	lines        []text
}

var (
	iniSectionRE = regexp.MustCompile(`^\s*\[([^\]]*)\]`)
	iniKeyRE     = regexp.MustCompile(`^([^\s=:#;\[][^=:]*?)\s*[=:]\s*`)
)

// pyINI reads INI lines as Python's configparser does (supervisord,
// tox): `key = value` or `key: value`, a value continued on indented
// lines, `#` and `;` comment lines; comment cuts the inline comment from
// a line of a value (it returns a prefix of its argument).
func pyINI(lines []text, comment func(string) string) []iniEntry {
	var out []iniEntry
	section := ""
	var cur *iniEntry
	cut := func(t text, from int) text {
		v := comment(t.s[from:])
		return text{s: v, m: t.m[from : from+len(v)+1]}
	}
	for _, l := range lines {
		t := strings.TrimSpace(l.s)
		if t == "" || t[0] == '#' || t[0] == ';' {
			continue
		}
		if cur != nil && (l.s[0] == ' ' || l.s[0] == '\t') {
			cur.lines = append(cur.lines, cut(l, len(l.s)-len(strings.TrimLeft(l.s, " \t"))))
			continue
		}
		cur = nil
		if m := iniSectionRE.FindStringSubmatch(l.s); m != nil {
			section = strings.TrimSpace(m[1])
			continue
		}
		m := iniKeyRE.FindStringSubmatchIndex(l.s)
		if m == nil {
			continue
		}
		out = append(out, iniEntry{section: section, key: strings.ToLower(l.s[m[2]:m[3]]), lines: []text{cut(l, m[1])}})
		cur = &out[len(out)-1]
	}
	return out
}

// fileLines returns the file's lines as texts.
func (s *scan) fileLines() []text {
	var out []text
	for _, l := range s.physLines() {
		out = append(out, verbatim(l.s, l.off))
	}
	return out
}

// textLines splits a text at its newlines (a trailing \r removed).
func textLines(t text) []text {
	var out []text
	for start := 0; start <= len(t.s); {
		end := strings.IndexByte(t.s[start:], '\n')
		if end < 0 {
			end = len(t.s) - start
		}
		line := t.s[start : start+end]
		trimmed := strings.TrimSuffix(line, "\r")
		out = append(out, text{s: trimmed, m: t.m[start : start+len(trimmed)+1]})
		start += end + 1
	}
	return out
}

// supervisorSubstRE is a supervisord expansion: `%(ENV_X)s`,
// `%(program_name)s`, `%(process_num)02d`.
var supervisorSubstRE = regexp.MustCompile(`%\([^)\n]*\)[-#0 +]*[0-9]*(?:\.[0-9]+)?[a-zA-Z]`)

// supervisorEnvRE is one `KEY="value"` or `KEY=value` of an environment=
// setting.
var supervisorEnvRE = regexp.MustCompile(`([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^,\s]*))`)

// supervisord scans the `command=` of supervisord's `[program:x]`,
// `[eventlistener:x]` and `[fcgi-program:x]` sections. supervisord splits
// the command into words itself, without a shell; read as shell it
// over-approximates, and `bash -c '...'` in it is shell text (eval).
// `%(ENV_X)s` and the other expansions are unknown parts; `environment=`
// values are the environment of the program (and of a shell it starts).
func (s *scan) supervisord() {
	entries := pyINI(s.fileLines(), func(v string) string {
		// an inline comment starts at a `;` after a blank
		for i := 1; i < len(v); i++ {
			if v[i] == ';' && (v[i-1] == ' ' || v[i-1] == '\t') {
				return strings.TrimRight(v[:i], " \t")
			}
		}
		return v
	})
	values := newValueSet(nil)
	var env []envVar
	for _, e := range entries {
		if e.key != "environment" {
			continue
		}
		for _, l := range e.lines {
			for _, m := range supervisorEnvRE.FindAllStringSubmatchIndex(l.s, -1) {
				for g := 4; g <= 8; g += 2 {
					if m[g] >= 0 {
						name := l.s[m[2]:m[3]]
						v := text{s: l.s[m[g]:m[g+1]], m: l.m[m[g] : m[g+1]+1]}
						values.add("ENV_"+name, v)
						env = append(env, envVar{name: name, val: v})
					}
				}
			}
		}
	}
	named := func(expr string) string {
		if i := strings.IndexByte(expr, ')'); i > 2 {
			return expr[2:i]
		}
		return ""
	}
	for _, e := range entries {
		kind, _, _ := strings.Cut(e.section, ":")
		if e.key != "command" || kind != "program" && kind != "eventlistener" && kind != "fcgi-program" {
			continue
		}
		var parts []text
		for i, l := range e.lines {
			if i > 0 {
				parts = append(parts, text{s: " ", m: []int{l.fileOff(0), l.fileOff(0)}})
			}
			parts = append(parts, l)
		}
		cmd := joinText(parts...)
		cmd = unescapePercent(cmd)
		cmd, sub := s.substitute(cmd, supervisorSubstRE, named, values)
		all := append(append([]envVar(nil), env...), sub...)
		if ws := splitSystemd(cmd); len(ws) == 1 && shellDashC(ws[0]) {
			// `/bin/sh -c '...'`: supervisord starts the shell itself,
			// and environment= is the environment of the shell it
			// starts (review 089): its string is judged with it
			saved := s.env
			s.env = all
			s.judge(ws[0], "")
			s.env = saved
			continue
		}
		s.shell(withEnv(cmd, all), "", nil)
	}
}

// unescapePercent turns supervisord's `%%` into `%`.
func unescapePercent(t text) text {
	if !strings.Contains(t.s, "%%") {
		return t
	}
	var b builder
	for i := 0; i < len(t.s); i++ {
		b.add(t.s[i:i+1], t.fileOff(i))
		if t.s[i] == '%' && i+1 < len(t.s) && t.s[i+1] == '%' {
			i++
		}
	}
	return b.text(t.fileOff(len(t.s)))
}

// toxSubstRE is a tox substitution, one level of nesting inside:
// `{posargs}`, `{posargs:default}`, `{env:KEY:default}`, `{toxinidir}`,
// `{[section]key}`.
var toxSubstRE = regexp.MustCompile(`\{[^{}\n]*(?:\{[^{}\n]*\}[^{}\n]*)*\}`)

// toxFactorRE is a factor condition before a line of a setting
// (`py312,!django: ...`): the line applies to those environments only.
var toxFactorRE = regexp.MustCompile(`^\s*!?[A-Za-z0-9_.-]+(?:[,-]!?[A-Za-z0-9_.-]+)*:\s+`)

// tox scans the `commands`, `commands_pre` and `commands_post` of tox's
// `[testenv]` and `[testenv:NAME]` sections (in tox.ini, and setup.cfg's
// `[tox:tox]` file): one command per line, a line ending in `\`
// continued on the next, a leading `-` or `!` dropped. tox splits each
// into words itself; read as shell it over-approximates. Substitutions
// are unknown parts: `{env:KEY}` is dynamic when a `setenv`/`set_env` of
// the file gives KEY a runtime, `{posargs:claude}` and others whose text
// names a runtime are dynamic, others a neutral word. `setenv` values are
// the commands' environment.
func (s *scan) tox() { s.toxINI(s.fileLines()) }

// toxINI scans tox's INI lines (a tox.ini or setup.cfg, or the
// legacy_tox_ini string of pyproject.toml).
func (s *scan) toxINI(lines []text) {
	entries := pyINI(lines, func(v string) string {
		for i := 0; i < len(v); i++ {
			if v[i] == '#' && (i == 0 || v[i-1] != '\\') {
				return strings.TrimRight(v[:i], " \t")
			}
		}
		return v
	})
	values := newValueSet(nil)
	var env []envVar
	for _, e := range entries {
		if e.key != "setenv" && e.key != "set_env" {
			continue
		}
		for _, l := range e.lines {
			if m := toxFactorRE.FindStringIndex(l.s); m != nil {
				l = text{s: l.s[m[1]:], m: l.m[m[1]:]}
			}
			name, v, ok := strings.Cut(l.s, "=")
			name = strings.TrimSpace(name)
			if !ok || !isEnvName(name) {
				continue
			}
			lead := len(v) - len(strings.TrimLeft(v, " \t"))
			at := len(l.s) - len(v) + lead
			val := text{s: strings.TrimSpace(v), m: l.m[at : at+len(strings.TrimSpace(v))+1]}
			values.add(name, val)
			env = append(env, envVar{name: name, val: val})
		}
	}
	named := func(expr string) string {
		if rest, ok := strings.CutPrefix(expr, "{env:"); ok {
			name, _, _ := strings.Cut(strings.TrimSuffix(rest, "}"), ":")
			return name
		}
		return ""
	}
	for _, e := range entries {
		if !strings.HasPrefix(e.section, "testenv") || e.key != "commands" && e.key != "commands_pre" && e.key != "commands_post" {
			continue
		}
		var joined []text
		for i := 0; i < len(e.lines); i++ {
			l := e.lines[i]
			if l.s == "" {
				continue
			}
			parts := []text{l}
			for strings.HasSuffix(strings.TrimRight(parts[len(parts)-1].s, " \t"), `\`) && i+1 < len(e.lines) {
				last := parts[len(parts)-1]
				cut := strings.LastIndexByte(last.s, '\\')
				parts[len(parts)-1] = text{s: last.s[:cut] + " ", m: append(append([]int(nil), last.m[:cut+1]...), last.fileOff(cut))}
				i++
				parts = append(parts, e.lines[i])
			}
			joined = append(joined, joinText(parts...))
		}
		for _, l := range joined {
			k := 0
			if m := toxFactorRE.FindStringIndex(l.s); m != nil {
				k = m[1] // a factor condition: `py312,django: cmd`
			}
			for k < len(l.s) && (l.s[k] == '-' || l.s[k] == '!' || l.s[k] == ' ') {
				k++
			}
			cmd := text{s: l.s[k:], m: l.m[k:]}
			cmd, sub := s.substitute(cmd, toxSubstRE, named, values)
			s.shell(withEnv(cmd, append(append([]envVar(nil), env...), sub...)), "", nil)
		}
	}
}

// gitShellKeys are git settings (section, or `section.*` for any
// subsection, and key, lower case) whose value git runs as a shell
// command line.
var gitShellKeys = map[string]bool{
	"core.editor": true, "core.pager": true, "core.sshcommand": true, "core.askpass": true,
	"core.fsmonitor": true, "sequence.editor": true, "diff.external": true, "gpg.program": true,
	"gpg.*.program": true, "interactive.difffilter": true, "sendemail.sendmailcmd": true,
	"diff.*.command": true, "diff.*.textconv": true, "difftool.*.cmd": true, "mergetool.*.cmd": true,
	"merge.*.driver": true, "filter.*.clean": true, "filter.*.smudge": true, "filter.*.process": true,
	"pager.*": true, "browser.*.cmd": true, "uploadpack.packobjectshook": true,
}

var (
	gitSectionRE = regexp.MustCompile(`^\s*\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]`)
	gitKeyRE     = regexp.MustCompile(`^\s*([A-Za-z][A-Za-z0-9-]*)\s*(=\s*)?`)
)

// gitconfig scans a git config file: an `[alias]` whose value starts
// with `!` is a shell command line (git runs it with `sh -c`, the
// alias's arguments after it), and the settings of gitShellKeys
// (core.editor, core.pager, core.sshCommand, filter drivers, textconv,
// merge drivers...) are shell command lines git runs; credential.helper
// too when it starts with `!`. A value is read as git does: quotes
// removed, `\"`, `\\`, `\n` and `\t` escapes decoded, `#` and `;`
// comments outside quotes removed, a line ending in `\` continued.
func (s *scan) gitconfig() {
	section, sub := "", false
	phys := s.physLines()
	for i := 0; i < len(phys); i++ {
		l := phys[i]
		if m := gitSectionRE.FindStringSubmatchIndex(l.s); m != nil {
			section = strings.ToLower(l.s[m[2]:m[3]])
			sub = m[4] >= 0 || strings.Contains(section, ".")
			if k := strings.IndexByte(section, '.'); k >= 0 {
				section = section[:k]
			}
			rest := l.s[m[1]:]
			if strings.TrimSpace(rest) == "" || strings.TrimSpace(rest)[0] == '#' || strings.TrimSpace(rest)[0] == ';' {
				continue
			}
			// `[alias] x = !cmd` on the section's line
			l = mline{s: rest, off: l.off + m[1]}
		}
		m := gitKeyRE.FindStringSubmatchIndex(l.s)
		if m == nil || m[4] < 0 {
			continue
		}
		key := strings.ToLower(l.s[m[2]:m[3]])
		name := section + "." + key
		if sub {
			name = section + ".*." + key
		}
		var b builder
		q := false
		at, line := m[1], l
	value:
		for {
			str := line.s
			for ; at < len(str); at++ {
				c := str[at]
				switch {
				case c == '"':
					q = !q
				case c == '\\' && at+1 < len(str):
					at++
					switch str[at] {
					case 'n':
						b.add("\n", line.off+at)
					case 't':
						b.add("\t", line.off+at)
					case 'b':
					default:
						b.add(str[at:at+1], line.off+at)
					}
				case c == '\\' && i+1 < len(phys):
					i++
					line, at = phys[i], 0
					continue value
				case !q && (c == '#' || c == ';'):
					break value
				default:
					b.add(str[at:at+1], line.off+at)
				}
			}
			break
		}
		v := b.text(line.off + len(line.s))
		lead := len(v.s) - len(strings.TrimLeft(v.s, " \t"))
		v = text{s: strings.TrimRight(v.s[lead:], " \t"), m: v.m[lead:]}
		v.m = v.m[:len(v.s)+1]
		switch {
		case section == "alias" || name == "credential.helper" || name == "credential.*.helper":
			if strings.HasPrefix(v.s, "!") {
				s.shell(text{s: v.s[1:], m: v.m[1:]}, "", nil)
			}
		case gitShellKeys[name] || !sub && gitShellKeys[section+".*"]: // [pager] log = ...
			if v.s != "true" && v.s != "false" {
				s.shell(v, "", nil)
			}
		}
	}
}

// toxTOML scans tox 4's TOML configuration (tox.toml, or `[tool.tox]` of
// pyproject.toml, given as root): the `commands`, `commands_pre` and
// `commands_post` of `env_run_base`, `env_base.NAME` and `env.NAME`, each
// a list of commands, each a list of words (an argv). A word `{ replace =
// "posargs", default = [...] }` stands for its default words; any other
// replacement, and a word that is a substitution (`{posargs}`), is
// unknown. `set_env` literal values are the environment of a shell a
// command starts. A `legacy_tox_ini` string is read as tox.ini.
func (s *scan) toxTOML(root *node) {
	if root == nil || root.kind != kindObject {
		return
	}
	if l := root.get("legacy_tox_ini"); l != nil && l.kind == kindScalar && l.isString {
		s.toxINI(textLines(l.text()))
	}
	var envs []*node
	if b := root.get("env_run_base"); b != nil {
		envs = append(envs, b)
	}
	for _, k := range []string{"env", "env_base"} {
		if e := root.get(k); e != nil && e.kind == kindObject {
			envs = append(envs, e.vals...)
		}
	}
	for _, e := range envs {
		if e.kind != kindObject {
			continue
		}
		saved := s.env
		s.env = tmuxEnv(e.get("set_env"), saved)
		for _, key := range []string{"commands_pre", "commands", "commands_post"} {
			cs := e.get(key)
			if cs == nil || cs.kind != kindArray {
				continue
			}
			for _, c := range cs.elems {
				if c.kind != kindArray {
					continue
				}
				var ws []word
				for _, w := range c.elems {
					switch {
					case w.kind == kindScalar && w.isString:
						ws = append(ws, word{t: w.text(), known: toxSubstRE.FindString(w.str) != w.str})
					case w.kind == kindObject:
						d := w.get("default")
						if d != nil && d.kind == kindArray && w.get("replace") != nil {
							for _, x := range d.elems {
								ws = append(ws, scalarWord(x))
							}
							continue
						}
						ws = append(ws, word{t: text{m: []int{w.off}}})
					}
				}
				s.judge(ws, "")
			}
		}
		s.env = saved
	}
}

// iniDoc is an INI file read as configparser reads it, as a document:
// an object of its sections, each an object of its keys' values (a
// value's lines joined by newlines), for offerKeys: code that reads the
// file at run time (`cp["agent"]["bin"]`) may run a value.
func (s *scan) iniDoc() *node {
	entries := pyINI(s.fileLines(), func(v string) string { return v })
	doc := &node{kind: kindObject}
	sections := map[string]*node{}
	for _, e := range entries {
		sec := sections[e.section]
		if sec == nil {
			sec = &node{kind: kindObject}
			sections[e.section] = sec
			doc.keys = append(doc.keys, &node{kind: kindScalar, str: e.section, isString: true})
			doc.vals = append(doc.vals, sec)
		}
		var parts []string
		for _, l := range e.lines {
			if t := strings.TrimSpace(l.s); t != "" {
				parts = append(parts, t)
			}
		}
		off := 0
		if len(e.lines) > 0 && len(e.lines[0].m) > 0 {
			off = e.lines[0].m[0]
		}
		sec.keys = append(sec.keys, &node{kind: kindScalar, str: e.key, isString: true, off: off})
		sec.vals = append(sec.vals, &node{kind: kindScalar, str: strings.Join(parts, "\n"), isString: true, off: off})
	}
	return doc
}

// shellDashC reports an argv that starts a shell with a command string:
// `sh -c`, `/bin/bash -lc`, `zsh -ec`.
func shellDashC(ws []word) bool {
	if len(ws) < 3 {
		return false
	}
	switch path.Base(ws[0].t.s) {
	case "sh", "bash", "dash", "zsh", "ksh", "ash":
	default:
		return false
	}
	f := ws[1].t.s
	return len(f) >= 2 && f[0] == '-' && f[1] != '-' && strings.HasSuffix(f, "c")
}
