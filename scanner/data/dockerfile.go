package data

import (
	"path"
	"regexp"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

var (
	dockerEscapeRE  = regexp.MustCompile(`^#\s*escape\s*=\s*(\S)`)
	dockerHeredocRE = regexp.MustCompile(`<<(-?)(["']?)([A-Za-z_][A-Za-z0-9_]*)(["']?)`)
)

// dockerShell is the shell of shell-form instructions: posix (the default
// /bin/sh -c, or a SHELL naming a POSIX shell), powershell (pwsh,
// powershell, cmd) or other.
type dockerShell int

const (
	shellPOSIX dockerShell = iota
	shellPowerShell
	shellOther
)

// dockerfile scans RUN, CMD and ENTRYPOINT (also behind ONBUILD and
// HEALTHCHECK CMD). The exec form (a JSON array) is an argv; the shell form
// goes to the shell detector, or is judged word by word when SHELL names
// PowerShell or cmd. A heredoc that is the command itself (RUN <<EOF) is a
// script fed to the shell: class eval, like a heredoc fed to a shell; a
// heredoc given to a program (RUN python3 <<EOF) is scanned together with
// its command line. Line continuations (the escape directive's character)
// are removed before scanning, keeping positions.
func (s *scan) dockerfile() {
	src := string(s.src)
	var phys []mline
	for off := 0; off <= len(src); {
		end := strings.IndexByte(src[off:], '\n')
		if end < 0 {
			phys = append(phys, mline{strings.TrimSuffix(src[off:], "\r"), off})
			break
		}
		phys = append(phys, mline{strings.TrimSuffix(src[off:off+end], "\r"), off})
		off += end + 1
	}
	escape := byte('\\')
	directives := true
	sh := shellPOSIX
	for i := 0; i < len(phys); i++ {
		l := phys[i]
		trimmed := strings.TrimSpace(l.s)
		if strings.HasPrefix(trimmed, "#") {
			if directives {
				if m := dockerEscapeRE.FindStringSubmatch(trimmed); m != nil {
					escape = m[1][0]
				}
			}
			continue
		}
		if trimmed == "" {
			continue
		}
		directives = false
		// Join continuation lines; comment lines inside are dropped.
		var b builder
		for {
			body := l.s
			t := strings.TrimRight(body, " \t")
			if len(t) > 0 && t[len(t)-1] == escape && i+1 < len(phys) {
				b.add(t[:len(t)-1], l.off)
				i++
				for i+1 < len(phys) && strings.HasPrefix(strings.TrimSpace(phys[i].s), "#") {
					i++
				}
				b.add("\n", l.off+len(t)-1)
				l = phys[i]
				continue
			}
			b.add(body, l.off)
			break
		}
		inst := b.text(l.off + len(l.s))
		// Heredoc bodies follow the instruction's last line.
		var bodies []text
		for _, h := range dockerHeredocRE.FindAllStringSubmatch(inst.s, -1) {
			word, strip := h[3], h[1] == "-"
			var hb builder
			for i+1 < len(phys) {
				i++
				line := phys[i].s
				off := phys[i].off
				if strip {
					for strings.HasPrefix(line, "\t") {
						line, off = line[1:], off+1
					}
				}
				if line == word {
					break
				}
				hb.add(line+"\n", off)
			}
			bodies = append(bodies, hb.text(phys[i].off))
		}
		sh = s.dockerInstruction(inst, bodies, sh, 0)
	}
}

// dockerInstruction scans one instruction and returns the shell for the
// following ones.
func (s *scan) dockerInstruction(inst text, bodies []text, sh dockerShell, depth int) dockerShell {
	str := inst.s
	i := 0
	for i < len(str) && (str[i] == ' ' || str[i] == '\t') {
		i++
	}
	j := i
	for j < len(str) && str[j] != ' ' && str[j] != '\t' && str[j] != '\n' {
		j++
	}
	kw := strings.ToUpper(str[i:j])
	rest := skipBlanks(inst, j)
	switch kw {
	case "FROM":
		return shellPOSIX
	case "SHELL":
		if argv, ok := s.jsonArgv(rest); ok && len(argv) > 0 {
			switch p := path.Base(argv[0].t.s); {
			case scanner.IsShellInterpreter(p):
				return shellPOSIX
			case p == "pwsh" || p == "powershell" || p == "pwsh.exe" || p == "powershell.exe" || p == "cmd" || p == "cmd.exe":
				return shellPowerShell
			}
			return shellOther
		}
	case "ONBUILD":
		if depth == 0 {
			return s.dockerInstruction(rest, bodies, sh, depth+1)
		}
	case "HEALTHCHECK":
		for strings.HasPrefix(rest.s, "--") {
			k := strings.IndexAny(rest.s, " \t\n")
			if k < 0 {
				return sh
			}
			rest = skipBlanks(rest, k)
		}
		if len(rest.s) >= 3 && strings.EqualFold(rest.s[:3], "CMD") {
			s.dockerCommand(skipBlanks(rest, 3), nil, sh, false)
		}
	case "RUN":
		// BuildKit options (--mount=..., --network=...) come first.
		for strings.HasPrefix(rest.s, "--") {
			k := strings.IndexAny(rest.s, " \t\n")
			if k < 0 {
				return sh
			}
			rest = skipBlanks(rest, k)
		}
		s.dockerCommand(rest, bodies, sh, true)
	case "CMD", "ENTRYPOINT":
		s.dockerCommand(rest, nil, sh, false)
	}
	return sh
}

func skipBlanks(t text, i int) text {
	for i < len(t.s) && (t.s[i] == ' ' || t.s[i] == '\t' || t.s[i] == '\n') {
		i++
	}
	return text{s: t.s[i:], m: t.m[i:]}
}

// jsonArgv parses the exec form; ok is false when t is not a JSON array of
// strings (Docker then takes it as the shell form).
func (s *scan) jsonArgv(t text) ([]word, bool) {
	if !strings.HasPrefix(t.s, "[") {
		return nil, false
	}
	n, err := parseJSON([]byte(strings.TrimSpace(t.s)))
	if err != nil || n.kind != kindArray {
		return nil, false
	}
	var ws []word
	for _, e := range n.elems {
		if e.kind != kindScalar || !e.isString {
			return nil, false
		}
		// Offsets of the parsed array are relative to t.
		inner := e.text()
		m := make([]int, len(inner.m))
		for k, o := range inner.m {
			m[k] = t.fileOff(o)
		}
		ws = append(ws, word{t: text{s: inner.s, m: m}, known: true})
	}
	return ws, true
}

func (s *scan) dockerCommand(t text, bodies []text, sh dockerShell, run bool) {
	if argv, ok := s.jsonArgv(t); ok {
		s.judge(argv, "")
		return
	}
	if run && strings.HasPrefix(t.s, "<<") && len(bodies) > 0 {
		for _, b := range bodies {
			if ip := scanner.Interpreter([]byte(b.s)); ip != "" && !scanner.IsShellInterpreter(ip) {
				continue
			}
			s.dockerShellText(b, sh, scanner.ClassEval)
		}
		return
	}
	if len(bodies) > 0 {
		// The heredocs belong to the command line: give the shell the
		// whole thing.
		var b builder
		b.add(t.s, 0)
		copy(b.m, t.m)
		for k, h := range dockerHeredocRE.FindAllStringSubmatch(t.s, -1) {
			if k >= len(bodies) {
				break
			}
			b.add("\n", t.fileOff(len(t.s)))
			b.add(bodies[k].s, 0)
			copy(b.m[len(b.m)-len(bodies[k].s):], bodies[k].m)
			b.add(h[3], bodies[k].fileOff(len(bodies[k].s)))
		}
		s.dockerShellText(b.text(t.fileOff(len(t.s))), sh, "")
		return
	}
	s.dockerShellText(t, sh, "")
}

func (s *scan) dockerShellText(t text, sh dockerShell, via scanner.Class) {
	switch sh {
	case shellPOSIX:
		s.shell(t, via, nil)
	case shellPowerShell:
		s.powershell(t)
	}
}
