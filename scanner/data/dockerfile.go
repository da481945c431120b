package data

import (
	"fmt"
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
	st := &dockerState{}
	s.docker = st
	defer func() { s.docker = nil }()
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
				// Docker removes the escape and the line's end: the
				// words on both sides join (`RUN cla\` then `ude -p`
				// runs claude), and `\` before a line that starts with
				// `&&` is one shell line, which a newline here was not
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
		s.dockerInstruction(inst, bodies, st, 0)
	}
	for _, later := range s.dockerLater {
		later()
	}
	s.dockerLater = nil
	s.dockerEntrypoint(st)
}

// dockerEntrypoint judges a stage's exec-form ENTRYPOINT and CMD as the one
// argv Docker runs: CMD's elements are ENTRYPOINT's arguments
// (ENTRYPOINT ["/bin/sh", "-c"] with CMD ["claude -p x"]). Each is also
// judged alone where it is written, since `docker run` may replace
// either.
func (s *scan) dockerEntrypoint(st *dockerState) {
	if len(st.entry) > 0 && len(st.cmd) > 0 {
		s.env = st.env
		s.judge(append(append([]word(nil), st.entry...), st.cmd...), "")
		s.env = nil
	}
}

// dockerState is what a stage's earlier instructions set for the later
// ones: the shell of the shell form, and ENV and ARG values.
type dockerState struct {
	sh  dockerShell
	env []envVar
	// entry and cmd are the stage's last ENTRYPOINT and CMD in exec form
	// (entry is nil after a shell-form ENTRYPOINT, which ignores CMD).
	entry, cmd []word
	// workdir is the stage's WORKDIR; copies maps a path in the image to
	// the one repository file COPY or ADD put there (as written, from
	// the build context).
	workdir string
	copies  map[string]string
}

// dockerEnv records ENV NAME=value ... (or the legacy ENV NAME value) and
// ARG NAME=default. A value may refer to variables set before (see
// substitute); one that refers to others is left out.
func (st *dockerState) dockerEnv(rest text, arg bool) {
	str := rest.s
	if !arg {
		if sp := strings.IndexAny(str, " \t"); sp > 0 && !strings.Contains(str[:sp], "=") {
			name := str[:sp]
			v := skipBlanks(rest, sp)
			v = text{s: strings.TrimRight(v.s, " \t\n"), m: v.m}
			st.setEnv(name, unquote(v), false)
			return
		}
	}
	i := 0
	for i < len(str) {
		for i < len(str) && (str[i] == ' ' || str[i] == '\t' || str[i] == '\n') {
			i++
		}
		start := i
		var quote byte
		for i < len(str) && (quote != 0 || (str[i] != ' ' && str[i] != '\t' && str[i] != '\n')) {
			switch {
			case quote != 0 && str[i] == quote:
				quote = 0
			case quote == 0 && (str[i] == '"' || str[i] == '\''):
				quote = str[i]
			}
			i++
		}
		w := str[start:i]
		eq := strings.IndexByte(w, '=')
		if eq <= 0 {
			continue
		}
		v := text{s: w[eq+1:], m: rest.m[start+eq+1 : i+1]}
		st.setEnv(w[:eq], unquote(v), arg)
	}
}

func (st *dockerState) setEnv(name string, v text, dflt bool) {
	if !isEnvName(name) {
		return
	}
	v, fromArg, ok := st.substitute(v)
	if !ok {
		return
	}
	st.env = append(st.env, envVar{name: name, val: v, dflt: dflt || fromArg})
}

// substitute replaces in an ENV or ARG value the references to variables
// the stage set before (`$NAME`, `${NAME}`, `${NAME:-word}`,
// `${NAME:+word}`), as Docker does. ok is false when a reference names a
// variable the stage did not set (its value comes from elsewhere: the
// value stays unknown) or the value holds a form Docker does not
// substitute here. fromArg says a replaced value was an ARG default (or
// came from one): the build may change it.
func (st *dockerState) substitute(v text) (out text, fromArg, ok bool) {
	if !strings.Contains(v.s, "$") {
		return v, false, !strings.Contains(v.s, "`")
	}
	lookup := func(name string) (envVar, bool) {
		for i := len(st.env) - 1; i >= 0; i-- {
			if st.env[i].name == name {
				return st.env[i], true
			}
		}
		return envVar{}, false
	}
	var b builder
	str := v.s
	for i := 0; i < len(str); i++ {
		c := str[i]
		switch {
		case c == '`':
			return text{}, false, false
		case c == '\\' && i+1 < len(str) && str[i+1] == '$':
			i++
			b.add("$", v.fileOff(i))
			continue
		case c != '$':
			b.add(str[i:i+1], v.fileOff(i))
			continue
		}
		at := v.fileOff(i)
		var name, op, alt string
		switch {
		case i+1 < len(str) && str[i+1] == '{':
			end := strings.IndexByte(str[i:], '}')
			if end < 0 {
				return text{}, false, false
			}
			inner := str[i+2 : i+end]
			name = inner
			if k := strings.Index(inner, ":"); k >= 0 && k+1 < len(inner) && (inner[k+1] == '-' || inner[k+1] == '+') {
				name, op, alt = inner[:k], inner[k:k+2], inner[k+2:]
			}
			i += end
		default:
			j := i + 1
			for j < len(str) && isNameByte(str[j]) {
				j++
			}
			name = str[i+1 : j]
			i = j - 1
		}
		if !isEnvName(name) || strings.Contains(alt, "$") {
			return text{}, false, false
		}
		e, set := lookup(name)
		switch {
		case op == ":-" && !set:
			b.addAt(alt, at)
		case op == ":+":
			if set {
				b.addAt(alt, at)
			}
		case !set:
			return text{}, false, false
		default:
			b.addAt(e.val.s, at)
			fromArg = fromArg || e.dflt
		}
	}
	return b.text(v.fileOff(len(str))), fromArg, true
}

// unquote drops one pair of surrounding quotes.
func unquote(t text) text {
	if n := len(t.s); n >= 2 && (t.s[0] == '"' || t.s[0] == '\'') && t.s[n-1] == t.s[0] {
		return text{s: t.s[1 : n-1], m: t.m[1:n]}
	}
	return t
}

// dockerInstruction scans one instruction and records what it sets for
// the following ones.
func (s *scan) dockerInstruction(inst text, bodies []text, st *dockerState, depth int) {
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
		s.dockerEntrypoint(st)
		*st = dockerState{}
	case "WORKDIR":
		if w := strings.TrimSpace(rest.s); w != "" {
			if strings.Contains(w, "$") {
				// ENV and ARG values the stage set
				out, _, ok := st.substitute(verbatim(w, rest.fileOff(0)))
				if !ok || strings.Contains(out.s, "$") {
					break
				}
				w = out.s
			}
			st.workdir = st.inImage(w)
			// a folder of a runtime's files the later commands run in
			s.p.AddDir(scanner.Lit(st.workdir), s.pos(rest.fileOff(0)))
		}
	case "COPY", "ADD":
		st.dockerCopy(rest, s, kw == "ADD")
		if kw == "COPY" && len(bodies) > 0 {
			s.copyHeredocs(rest, bodies)
		}
	case "ENV":
		n := len(st.env)
		st.dockerEnv(rest, false)
		for _, e := range st.env[n:] {
			// the image's processes inherit it, whatever their language
			s.offerEnvVar(e.name, e.val.s, e.val.fileOff(0))
		}
		if m := envPathRE.FindStringSubmatchIndex(rest.s); m != nil {
			// as written: `${PATH}` is the base image's, unknown here
			s.p.ReportRuntimePath(strings.Trim(rest.s[m[2]:m[3]], `"'`), s.pos(rest.fileOff(m[2])))
		}
	case "ARG":
		st.dockerEnv(rest, true)
	case "SHELL":
		if argv, ok := s.jsonArgv(rest); ok && len(argv) > 0 {
			switch p := path.Base(argv[0].t.s); {
			case scanner.IsShellInterpreter(p):
				st.sh = shellPOSIX
			case p == "pwsh" || p == "powershell" || p == "pwsh.exe" || p == "powershell.exe" || p == "cmd" || p == "cmd.exe":
				st.sh = shellPowerShell
			default:
				// Every later shell-form instruction runs this program
				// with its text as the last argument.
				st.sh = shellOther
				s.judge(append(argv, shellScriptWord(argv[len(argv)-1])), "")
			}
		}
	case "ONBUILD":
		if depth == 0 {
			s.dockerInstruction(rest, bodies, st, depth+1)
		}
	case "HEALTHCHECK":
		for strings.HasPrefix(rest.s, "--") {
			k := strings.IndexAny(rest.s, " \t\n")
			if k < 0 {
				return
			}
			rest = skipBlanks(rest, k)
		}
		if len(rest.s) >= 3 && strings.EqualFold(rest.s[:3], "CMD") {
			cmd := skipBlanks(rest, 3)
			if depth == 0 {
				// it runs in the container, as ENTRYPOINT does: judged
				// once the file's links are all known
				at := *st
				s.dockerLater = append(s.dockerLater, func() { s.dockerCommand(cmd, nil, &at, false) })
				return
			}
			s.dockerCommand(cmd, nil, st, false)
		}
	case "RUN":
		// BuildKit options (--mount=..., --network=...) come first.
		for strings.HasPrefix(rest.s, "--") {
			k := strings.IndexAny(rest.s, " \t\n")
			if k < 0 {
				return
			}
			if m, ok := strings.CutPrefix(rest.s[:k], "--mount="); ok {
				s.bindMount(m, rest.fileOff(0))
			}
			rest = skipBlanks(rest, k)
		}
		s.dockerCommand(rest, bodies, st, true)
	case "CMD", "ENTRYPOINT":
		if depth == 0 {
			argv, _ := s.jsonArgv(rest)
			if kw == "CMD" {
				st.cmd = argv
			} else {
				st.entry = argv
			}
			// It runs when the container starts, after every RUN of the
			// build: it is judged once the file's links are all known
			// (a RUN below it that links a runtime to the name it runs),
			// with the stage as it is here.
			at := *st
			s.dockerLater = append(s.dockerLater, func() { s.dockerCommand(rest, nil, &at, false) })
			return
		}
		s.dockerCommand(rest, nil, st, false)
	}
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

func (s *scan) dockerCommand(t text, bodies []text, st *dockerState, run bool) {
	if argv, ok := s.jsonArgv(t); ok {
		// A shell the exec form starts (["sh", "-c", "$BIN -p"]) has
		// the stage's ENV (and, while building, ARG) values.
		s.env = st.env
		s.judge(argv, "")
		s.env = nil
		return
	}
	if run && strings.HasPrefix(t.s, "<<") && len(bodies) > 0 {
		for _, b := range bodies {
			if ip := scanner.Interpreter([]byte(b.s)); ip != "" && !scanner.IsShellInterpreter(ip) {
				continue
			}
			s.dockerShellText(b, st, scanner.ClassEval)
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
		s.dockerShellText(b.text(t.fileOff(len(t.s))), st, "")
		return
	}
	s.dockerShellText(t, st, "")
}

// dockerShellText scans shell-form text with the stage's ENV and ARG
// values it refers to (an ARG default is dynamic: --build-arg replaces it).
func (s *scan) dockerShellText(t text, st *dockerState, via scanner.Class) {
	switch st.sh {
	case shellPOSIX:
		s.shell(withEnv(t, st.env), via, nil)
	case shellPowerShell:
		s.powershell(t)
	}
}

// inImage is an image path made absolute from the stage's WORKDIR.
func (st *dockerState) inImage(p string) string {
	if !strings.HasPrefix(p, "/") {
		wd := st.workdir
		if wd == "" {
			wd = "/"
		}
		p = path.Join(wd, p)
	}
	return path.Clean(p)
}

// copyRuntime records a COPY or ADD (args: its words, options first)
// of a runtime's package folder or program, from another stage or the
// build context (`COPY --from=build
// /usr/local/lib/node_modules/@anthropic-ai/claude-code /opt/helper`):
// the destination is a copy of the runtime under another name, which the
// file's later texts may run, or run a file under (Pass.AddLink).
func (st *dockerState) copyRuntime(args []string, at int, s *scan, add bool) {
	for len(args) > 0 && strings.HasPrefix(args[0], "--") {
		args = args[1:]
	}
	if len(args) < 2 {
		return
	}
	srcs, dst := args[:len(args)-1], args[len(args)-1]
	unknown := false
	if strings.Contains(dst, "$") {
		// ENV ARG=... values the stage set, as Docker substitutes them
		if out, _, ok := st.substitute(verbatim(dst, at)); ok && !strings.Contains(out.s, "$") {
			dst = out.s
		} else {
			unknown = true
		}
	}
	cfg := s.p.Config
	for _, src := range srcs {
		folder := cfg.RuntimeFolder(src)
		packed := ""
		if pkg, ok := cfg.PackedRuntime(path.Base(src)); ok && add && !unknown {
			// ADD of a local archive `npm pack` made extracts it:
			// DST/package is a copy of the runtime's package folder
			packed, src, folder = path.Join(dst, "package"), "node_modules/"+pkg, true
		} else if pkg, ok := registryTarball(cfg, src); ok && add {
			// ADD of the registry's tarball of a runtime's package
			// (`https://registry.npmjs.org/@anthropic-ai/claude-code/-/
			// claude-code-2.0.14.tgz`) is not extracted: DST is the
			// archive, and what extracts it (`tar -xzf DST -C DIR`) copies
			// the package (docs/shell.md, "Copies by any writer")
			src = "node_modules/" + pkg
		}
		if !folder {
			// a copy another stage (or an earlier instruction) made:
			// `COPY --from=mid /opt/tool /srv/t` of mid's copy of the
			// package folder
			if t, ok := s.p.LinkOf(src); ok {
				src, folder = t.Value, cfg.RuntimeFolder(t.Value)
			}
		}
		var l *scanner.Launch
		if !folder {
			if l, _ = cfg.JudgeArgv([]scanner.Arg{scanner.Lit(src)}); l == nil || l.Gated() {
				continue
			}
		}
		if unknown {
			// a destination the scan cannot read: what runs the copy
			// cannot be followed, so the copy counts as a launch
			rt := ""
			if l != nil {
				rt = l.Runtime
			} else {
				rt, _ = cfg.FolderRuntime(src)
			}
			pos := s.pos(at)
			s.p.Report(scanner.Finding{Line: pos.Line, Column: pos.Column, Runtime: rt, Class: scanner.ClassDynamic,
				Message: rt + " copied to a place found at run time; what runs it cannot be followed, so the copy counts as a launch"})
			continue
		}
		name := dst
		if packed != "" {
			name = packed
		} else if strings.HasSuffix(dst, "/") || len(srcs) > 1 {
			name = path.Join(dst, path.Base(src))
		}
		name = st.inImage(name)
		rt := scanner.Arg{Value: src, Known: true, Via: scanner.ClassDynamic}
		dir := "" // a package folder's names end in '/' (ThroughNames)
		if folder {
			dir = "/"
		}
		for _, n := range []string{name + dir, path.Base(name) + dir} {
			if !s.p.AddLink(n, rt) {
				s.p.ReportUnparseable(s.pos(at), fmt.Sprintf("too many links and copies of runtimes in one file; the copy `%s` is not followed", n))
			}
		}
		// the scripts the image runs may run it too
		s.p.OfferLink(path.Base(name), rt, s.pos(at))
	}
}

// dockerCopy records where COPY or ADD puts one file of the build
// context: a single local source (no --from, no URL, no wildcard) and
// its destination (a folder when it ends with '/'). Several sources, a
// folder or a wildcard are left out: such a path is then found by its
// base name (Imports.Script).
func (st *dockerState) dockerCopy(rest text, s *scan, add bool) {
	var args []string
	if jw, ok := s.jsonArgv(rest); ok {
		for _, w := range jw {
			args = append(args, w.t.s)
		}
	} else {
		args = strings.Fields(rest.s)
	}
	for len(args) > 0 && strings.HasPrefix(args[0], "--") {
		if strings.HasPrefix(args[0], "--from") {
			st.copyRuntime(args, rest.fileOff(0), s, add)
			return
		}
		args = args[1:]
	}
	st.copyRuntime(args, rest.fileOff(0), s, add)
	if len(args) != 2 || strings.ContainsAny(args[0], "*?[$") || strings.Contains(args[0], "://") || strings.Contains(args[1], "$") {
		return
	}
	src, dst := args[0], args[1]
	if strings.HasSuffix(dst, "/") || dst == "." {
		dst = path.Join(dst, path.Base(src))
	}
	if st.copies == nil {
		st.copies = map[string]string{}
	}
	st.copies[st.inImage(dst)] = src
}

// envPathRE finds the value an ENV instruction gives PATH.
var envPathRE = regexp.MustCompile(`(?:^|\s)PATH[=\s]\s*("[^"]*"|'[^']*'|\S+)`)

// registryTarball is the runtime package whose tarball on a registry the
// URL u names (`.../@anthropic-ai/claude-code/-/claude-code-2.0.14.tgz`).
func registryTarball(cfg *scanner.Config, u string) (string, bool) {
	if !strings.Contains(u, "://") {
		return "", false
	}
	for _, pkg := range cfg.Packages() {
		if strings.Contains(u, "/"+pkg+"/-/") {
			return pkg, true
		}
	}
	return "", false
}

// copyHeredocs scans the files a BuildKit `COPY <<EOF DEST` writes from
// here-documents: a shell script (a `#!` line naming a shell, or none)
// written into a bin folder or with `--chmod` is scanned where it is
// written, its launches reported at the COPY, as a shell text's
// written scripts are (docs/shell.md): it runs under any name.
func (s *scan) copyHeredocs(rest text, bodies []text) {
	f := strings.Fields(rest.s)
	chmod := false
	for len(f) > 0 && strings.HasPrefix(f[0], "--") {
		chmod = chmod || strings.HasPrefix(f[0], "--chmod")
		f = f[1:]
	}
	if len(f) < 2 || !strings.HasPrefix(f[0], "<<") {
		return
	}
	dst := f[len(f)-1]
	if !chmod && !strings.Contains(dst, "/bin/") && !strings.HasPrefix(dst, "bin/") {
		return
	}
	at := s.pos(rest.fileOff(0))
	for _, b := range bodies {
		if strings.HasPrefix(b.s, "#!") && !scanner.IsShellInterpreter(scanner.Interpreter([]byte(b.s))) {
			continue
		}
		s.p.ScanShellAt(b.s, s.pos(b.fileOff(0)), at, scanner.ClassEval, "the script this COPY writes to be run")
	}
}

// bindMount records, for a RUN's `--mount=type=bind,from=build,
// source=PKG,target=/mnt/cc` whose source is a runtime's package folder
// or file, the target as a copy of it (Pass.AddLink): what the RUN copies
// from there is the runtime (`cp -r /mnt/cc /opt/tool`). The other
// stage's path is read as written; a link the file made there counts.
func (s *scan) bindMount(spec string, at int) {
	var src, dst string
	for _, kv := range strings.Split(spec, ",") {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "source", "src":
			src = v
		case "target", "dst", "destination":
			dst = v
		}
	}
	if src == "" || dst == "" {
		return
	}
	cfg := s.p.Config
	rt := scanner.Arg{Value: src, Known: true, Via: scanner.ClassDynamic}
	if t, ok := s.p.LinkOf(src); ok {
		rt = t
	}
	dir := ""
	if cfg.RuntimeFolder(rt.Value) {
		dir = "/"
	} else if l, _ := cfg.JudgeArgv([]scanner.Arg{rt}); l == nil || l.Gated() {
		return
	}
	dst = path.Clean(dst)
	for _, n := range []string{dst + dir, path.Base(dst) + dir} {
		if !s.p.AddLink(n, rt) {
			s.p.ReportUnparseable(s.pos(at), fmt.Sprintf("too many links and copies of runtimes in one file; the mount `%s` is not followed", n))
		}
	}
}
