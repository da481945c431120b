package data

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// maxNodes bounds how many document nodes one file's walk visits (YAML
// aliases can make a small file describe a huge tree).
const maxNodes = 1 << 20

// scan is one data file being scanned.
type scan struct {
	p *scanner.Pass
	// dockerLater are a Dockerfile's CMD and ENTRYPOINT, judged after
	// its other instructions (dockerInstruction)
	dockerLater []func()
	src         []byte
	ln          *lines
	visited     map[*node]bool
	// done are command nodes a kind's own reading has judged (a compose
	// service's entrypoint and command): the generic walk skips them.
	done map[*node]bool
	// env is set for the shell text an argv being judged runs (`sh -c
	// '...'`): a compose service's environment.
	env    []envVar
	budget int
	// outer is the environment the enclosing objects' env:,
	// environment: and variables: blocks set (walk)
	outer []envVar
	yaml  bool // the document is YAML: script-like keys are scanned too
	// limit is the first expansion or size bound the scan ran into: what
	// lies beyond it was not scanned. Scan turns it into an unparseable
	// finding for a launch definition, so a bomb cannot hide what follows.
	limit *limitHit
	// docker is the state of the Dockerfile stage being scanned: where
	// COPY and ADD put the repository's files in the image.
	docker *dockerState
	// overrides are the variables a sub-make's command line sets for
	// this Makefile, subs the state shared with the Makefile that runs
	// it, subDepth how many sub-makes deep it is; noSubMakes skips them.
	overrides  map[string]string
	subs       *subMakeState
	subDepth   int
	noSubMakes bool
	// nsubst numbers the variables substitutions become (substitute).
	nsubst int
	// usesChain are the files whose local actions or reusable workflows
	// led to this one (localUses), outermost first.
	usesChain []string
	// callerEnv is the environment a local action's steps inherit from
	// the step that uses it (localUses)
	callerEnv []envVar
	// root is the document being walked (GitLab CI's `extends:` names
	// its top-level jobs and hidden keys)
	root *node
}

// limitHit is a bound the scan of one file reached.
type limitHit struct {
	off int
	msg string
}

// hitLimit records the first bound reached, at file offset off.
func (s *scan) hitLimit(off int, msg string) {
	if s.limit == nil {
		s.limit = &limitHit{off: off, msg: msg}
	}
}

func newScan(p *scanner.Pass) *scan {
	return &scan{p: p, src: p.Src, ln: newLines(p.Src), visited: map[*node]bool{}, done: map[*node]bool{}, budget: maxNodes}
}

func (s *scan) pos(off int) scanner.Pos { return s.ln.pos(off) }

// shell hands t to the shell detector. The shell detector positions what
// it finds relative to the text; those positions are mapped back through
// the text's offset map, so escapes, indentation and removed line
// continuations do not shift them. adjust, when set, may change each new
// finding (given its offset in t) before it is mapped.
func (s *scan) shell(t text, via scanner.Class, adjust func(f *scanner.Finding, off int)) {
	n0, l0 := len(s.p.Findings()), len(s.p.LostPrograms())
	// A syntax error inside embedded text is not the data file's: the
	// shell detector still judges such text by a word split, which is
	// what matters here.
	s.p.ScanShell(blankExprs(t.s), scanner.Pos{Line: 1, Column: 1}, via)
	s.place(n0, t, adjust)
	// the programs it cannot name, at their file positions (judgeLost)
	lost := s.p.LostPrograms()
	for i := l0; i < len(lost); i++ {
		lost[i] = s.pos(t.fileOff(textOffset(t.s, lost[i])))
	}
}

// ciExprRE finds a CI system's template expression left in a shell
// text: GitHub's and Azure's `${{ ... }}`, GitLab's `$[[ ... ]]`, Argo's
// and Tekton's `{{ ... }}`.
var ciExprRE = regexp.MustCompile(`\$\{\{[^}\n]*\}\}|\$\[\[[^\]\n]*\]\]|\{\{[^}\n]*\}\}`)

// blankExprs replaces each template expression of text, a value
// found only when the CI system renders it, by a variable of the same
// length that nothing sets (`$LG___...`): the shell reads an unknown
// word where it stands, instead of a syntax error or braces split into
// words, and text positions stay file positions.
func blankExprs(text string) string {
	if !strings.Contains(text, "{{") && !strings.Contains(text, "[[") {
		return text
	}
	return ciExprRE.ReplaceAllStringFunc(text, func(m string) string {
		return "$LG" + strings.Repeat("_", len(m)-3)
	})
}

// program scans t, a program in another language (a run: step whose shell
// is python), with the suite's detector for a file named name, mapping
// its findings as shell does. It reports whether a detector took it.
func (s *scan) program(name string, t text) bool {
	n0 := len(s.p.Findings())
	ok := s.p.ScanAs(name, t.s)
	s.place(n0, t, nil)
	return ok
}

// place moves the findings reported from n0 on, positioned in t, to
// their file positions.
func (s *scan) place(n0 int, t text, adjust func(f *scanner.Finding, off int)) {
	// The findings just reported sit at the end of the pass's own slice;
	// they are moved from text positions to file positions in place.
	fs := s.p.Findings()
	for i := n0; i < len(fs); i++ {
		off := textOffset(t.s, scanner.Pos{Line: fs[i].Line, Column: fs[i].Column})
		if adjust != nil {
			adjust(&fs[i], off)
		}
		p := s.pos(t.fileOff(off))
		fs[i].Line, fs[i].Column = p.Line, p.Column
	}
}

// word is one argv element found in a file.
type word struct {
	t     text
	known bool
	// via, when set, is how the value was obtained (a compose `${X}`
	// the project's .env sets, which the host may replace: dynamic).
	via scanner.Class
}

func scalarWord(n *node) word {
	if n == nil || n.kind != kindScalar {
		return word{t: text{m: []int{nodeOff(n)}}}
	}
	return word{t: n.text(), known: true}
}

func nodeOff(n *node) int {
	if n == nil {
		return 0
	}
	return n.off
}

// judge judges an argv from a data definition and reports what it
// launches at the element that names the runtime, which it returns (nil:
// none). Shell strings inside it (sh -c '...') are scanned with class
// eval.
func (s *scan) judge(ws []word, via scanner.Class) *scanner.Launch {
	if len(ws) == 0 {
		return nil
	}
	argv := make([]scanner.Arg, len(ws))
	for i, w := range ws {
		argv[i] = scanner.Arg{Value: w.t.s, Known: w.known, Pos: s.pos(w.t.fileOff(0)), Via: w.via}
		if w.known && strings.Contains(w.t.s, "{{") && ciExprRE.MatchString(w.t.s) {
			// a template expression the CI system renders (Argo's `{{
			// workflow.parameters.agent }}`): unknown
			argv[i].Known = false
			if i == 0 {
				s.p.NoteLostProgram(argv[i].Pos)
			}
		}
	}
	linked, isLink := s.p.ThroughLinks(argv)
	if isLink {
		// a link or copy of a runtime another text of the file makes
		// (a Dockerfile's RUN), run by its name
		s.p.Judge(scanner.Command{Argv: linked, Via: via, Data: true})
	}
	l := s.p.Judge(scanner.Command{Argv: argv, Via: via, Nested: func(arg int, text string) bool {
		if arg < len(ws) && ws[arg].t.s == text {
			s.shell(withEnv(ws[arg].t, s.env), scanner.ClassEval, nil)
			return true
		}
		return false
	}})
	if l == nil {
		if in, ok := s.p.InDirs(argv); ok && !isLink {
			// WORKDIR /opt/cc, then CMD ["node", "cli.js"]: a runtime's
			// file by a relative name, in a folder of its files
			s.p.Judge(scanner.Command{Argv: in, Via: via, Data: true})
		}
		s.scriptCalls(argv, via)
	}
	return l
}

// shellScriptWord is the argument a program set as the shell (a
// Dockerfile SHELL, a Makefile SHELL, a workflow's custom shell) is given
// after its own words: the command text or script file, unknown here.
// It is placed at the end of after.
func shellScriptWord(after word) word {
	end := after.t.fileOff(len(after.t.s))
	return word{t: text{s: "", m: []int{end}}}
}

// powershell judges PowerShell or cmd text, which the shell detector does
// not parse: each statement (split at newlines, `;`, `|`, `&&`, `||`
// outside quotes) is split into words at blanks outside quotes, a leading
// call operator (`&`, `.`) is dropped, and the words are judged as an argv.
// `#` starts a comment at the start of a word.
func (s *scan) powershell(t text) {
	var ws []word
	var cur []byte
	var curMap []int
	flushWord := func(end int) {
		if cur != nil {
			ws = append(ws, word{t: text{s: string(cur), m: append(curMap, t.fileOff(end))}, known: true})
		}
		cur, curMap = nil, nil
	}
	flushStmt := func() {
		for len(ws) > 0 && (ws[0].t.s == "&" || ws[0].t.s == ".") {
			ws = ws[1:]
		}
		s.judge(ws, "")
		ws = nil
	}
	var quote byte
	str := t.s
	for i := 0; i < len(str); i++ {
		c := str[i]
		if quote != 0 {
			if c == quote {
				quote = 0
				continue
			}
			cur = append(cur, c)
			curMap = append(curMap, t.fileOff(i))
			continue
		}
		switch {
		case c == '\'' || c == '"':
			quote = c
			if cur == nil {
				cur = []byte{}
			}
		case c == '#' && cur == nil:
			for i < len(str) && str[i] != '\n' {
				i++
			}
			flushStmt()
		case c == '\n' || c == ';' || c == '|' || c == '&' && i+1 < len(str) && str[i+1] == '&':
			flushWord(i)
			flushStmt()
			if c != '\n' && i+1 < len(str) && str[i+1] == c {
				i++
			}
		case c == ' ' || c == '\t' || c == '\r':
			flushWord(i)
		case c == '`' && i+1 < len(str):
			i++
			if str[i] == '\n' {
				continue // line continuation
			}
			cur = append(cur, str[i])
			curMap = append(curMap, t.fileOff(i))
		default:
			cur = append(cur, c)
			curMap = append(curMap, t.fileOff(i))
		}
	}
	flushWord(len(str))
	flushStmt()
}

// Keys of the generic walk.
var (
	// commandKeys name a command: a string is a shell command line (or,
	// beside an `args` array, the program), an array is an argv.
	commandKeys = map[string]bool{"command": true, "cmd": true, "exec": true, "entrypoint": true}
	// lifecycleKeys are devcontainer.json lifecycle commands: a string, an
	// array or an object of named strings and arrays.
	lifecycleKeys = map[string]bool{
		"initializeCommand": true, "onCreateCommand": true, "updateContentCommand": true,
		"postCreateCommand": true, "postStartCommand": true, "postAttachCommand": true,
	}
	// scriptKeys (YAML only) hold shell lines, a string or a list of
	// strings: GitLab CI script, before_script and after_script, Azure
	// Pipelines bash, Taskfile cmds, lefthook and CircleCI run, pre-commit
	// entry, Drone, Woodpecker and AWS CodeBuild commands. (Workflow run: steps are read by the actions scan, which
	// knows their shell.)
	scriptKeys = map[string]bool{"script": true, "before_script": true, "after_script": true, "bash": true, "cmds": true, "run": true, "entry": true, "commands": true}
	// modeKeys set a permission mode; bypassPermissions there is the
	// dangerous primitive.
	modeKeys = map[string]bool{"defaultMode": true, "permissionMode": true, "permission_mode": true}
	// hookKeys hold command lines in any format (JSON, YAML, TOML): a
	// string, a list of strings, or an object of named strings and
	// lists (hookLines); read only when one is a command line with a
	// blank in it (commandLines).
	hookKeys = map[string]bool{"hooks": true, "commands": true}
)

// walk visits every object of a document once and scans its command-like
// fields.
func (s *scan) walk(n *node) {
	if n == nil || s.visited[n] {
		return
	}
	if s.budget <= 0 {
		s.hitLimit(n.off, fmt.Sprintf("the document describes more than %d nodes; the rest is not scanned", maxNodes))
		return
	}
	s.visited[n] = true
	s.budget--
	switch n.kind {
	case kindArray:
		for _, e := range n.elems {
			s.walk(e)
		}
	case kindObject:
		// a Kubernetes container's environment, for the shell its
		// command runs (k8sEnv)
		k8s := s.k8sEnv(n)
		s.containerEnv(n, k8s)
		s.imageArgs(n)
		if len(k8s) > 0 {
			saved := s.env
			s.env = overrideEnv(s.env, k8s)
			defer func() { s.env = saved }()
		}
		// the environment blocks of the enclosing objects hold for
		// the scripts below them too (GitLab CI's top-level
		// variables:, a pipeline's env:), the nearer after the outer
		// (a value naming a runtime is a trigger: without one, nothing
		// to set)
		if s.p.Hits.Has(scanner.HitRuntime) {
			saved := s.outer
			if own := overrideEnv(s.extendsEnv(n, 0, new(int)), siblingEnv(n)); len(own) > 0 {
				s.outer = overrideEnv(s.outer, own)
			}
			defer func() { s.outer = saved }()
		}
		for i, k := range n.keys {
			v := n.vals[i]
			switch {
			case commandKeys[strings.ToLower(k.str)] && !s.done[v]:
				s.command(v, argsOf(n))
			case k.str == "runtimeExecutable" && !s.done[v]:
				// a VS Code launch configuration: the program the
				// debugger starts, with its runtimeArgs
				s.command(v, runtimeArgsOf(n))
			case k.str == "executor" && v.kind == kindScalar && strings.HasSuffix(v.str, ":run-commands"):
				// Nx's nx:run-commands: options.commands is a list of
				// shell lines (objects among them hold a command: key,
				// read by the walk)
				if cs := n.get("options").get("commands"); cs != nil && cs.kind == kindArray {
					for _, e := range cs.elems {
						if e.kind == kindScalar && e.isString && !s.done[e] {
							s.command(e, nil)
							s.done[e] = true
						}
					}
				}
			case strings.HasPrefix(k.str, "terminal.integrated."):
				s.terminalSetting(n, k.str, v)
			case lifecycleKeys[k.str]:
				s.lifecycle(v)
			case k.str == "entry" && v.kind == kindScalar && n.get("language") != nil && n.get("language").str == "docker_image" && !s.done[v]:
				// a pre-commit hook run by `docker run ... ENTRY ARGS
				// FILES`: the entry is docker run's options, then the
				// image, then the command; `--entrypoint X` makes X the
				// program (review 085)
				s.dockerImageEntry(v, n.get("args"))
			case s.yaml && scriptKeys[k.str] && s.p.Language != string(KindActions) && !s.done[v] && (k.str != "commands" || commandLines(v)):
				// In workflows, run: steps are read with their shell by
				// the actions scan, and actions/github-script's script:
				// input is JavaScript.
				saved := s.env
				s.env = s.outer
				s.script(v)
				s.env = saved
			case hookKeys[k.str] && s.p.Language != string(KindActions) && !s.done[v] && commandLines(v.hookLines()):
				// command lines under hooks: or commands: in any format:
				// GoReleaser's before/after hooks, husky 4's
				// package.json hooks, Renovate's postUpgradeTasks
				saved := s.env
				s.env = s.outer
				s.script(v.hookLines())
				s.env = saved
			case modeKeys[k.str]:
				if v.kind == kindScalar && v.str == "bypassPermissions" {
					s.p.ReportDangerous(s.pos(v.text().fileOff(0)), k.str+": bypassPermissions", true)
				}
			}
			s.walk(v)
		}
	}
}

// overrideEnv is the environment outer with inner set over it: a name
// inner sets takes inner's value alone.
func overrideEnv(outer, inner []envVar) []envVar {
	out := make([]envVar, 0, len(outer)+len(inner))
	for _, o := range outer {
		if !slices.ContainsFunc(inner, func(e envVar) bool { return e.name == o.name }) {
			out = append(out, o)
		}
	}
	return append(out, inner...)
}

// hookLines is a hooks: or commands: value as a list of its strings:
// the string, the list's, or those of an object's values (each a string
// or a list), one level deep.
func (n *node) hookLines() *node {
	if n == nil || n.kind != kindObject {
		return n
	}
	out := &node{kind: kindArray, off: n.off}
	for _, v := range n.vals {
		switch v.kind {
		case kindScalar:
			out.elems = append(out.elems, v)
		case kindArray:
			out.elems = append(out.elems, v.elems...)
		}
	}
	return out
}

// commandLines reports a `commands:` value that holds a command line (a
// string with a blank in it): Drone's and Woodpecker's steps are lines,
// while a list of bare words under `commands:` is as often a list of
// names (a tool's or this scanner's configuration: `commands:
// [claude-wrapper]`).
func commandLines(v *node) bool {
	switch {
	case v == nil:
	case v.kind == kindScalar:
		return strings.ContainsAny(strings.TrimSpace(v.str), " \t\n")
	case v.kind == kindArray:
		for _, e := range v.elems {
			if e != nil && e.kind == kindScalar && strings.ContainsAny(strings.TrimSpace(e.str), " \t\n") {
				return true
			}
		}
	}
	return false
}

// runtimeArgsOf is a VS Code launch configuration's runtimeArgs array, or
// nil.
func runtimeArgsOf(obj *node) *node {
	if a := obj.get("runtimeArgs"); a != nil && a.kind == kindArray {
		return a
	}
	return nil
}

func argsOf(obj *node) *node {
	for _, k := range []string{"args", "Args"} {
		if a := obj.get(k); a != nil && a.kind == kindArray {
			return a
		}
	}
	return nil
}

// command scans a command field: a string with an args array beside it is
// the program of an argv; a string alone is a shell command line; an array
// is an argv, continued by args.
func (s *scan) command(v, args *node) {
	switch v.kind {
	case kindScalar:
		if !v.isString {
			return
		}
		if args != nil {
			ws := []word{scalarWord(v)}
			for _, e := range args.elems {
				ws = append(ws, scalarWord(e))
			}
			s.judge(ws, "")
			return
		}
		s.shell(v.text(), "", nil)
	case kindArray:
		var ws []word
		for _, e := range v.elems {
			ws = append(ws, scalarWord(e))
		}
		if args != nil {
			for _, e := range args.elems {
				ws = append(ws, scalarWord(e))
			}
		}
		s.judge(ws, "")
	}
}

// lifecycle scans a devcontainer lifecycle command.
func (s *scan) lifecycle(v *node) {
	switch v.kind {
	case kindScalar, kindArray:
		s.command(v, nil)
	case kindObject:
		for _, e := range v.vals {
			if e.kind != kindObject {
				s.command(e, nil)
			}
		}
	}
}

// script scans a string or a list of shell lines, with s.env set.
func (s *scan) script(v *node) {
	switch v.kind {
	case kindScalar:
		if v.isString {
			s.shell(withEnv(v.text(), s.env), "", nil)
		}
	case kindArray:
		for _, e := range v.elems {
			if e.kind == kindScalar && e.isString {
				s.shell(withEnv(e.text(), s.env), "", nil)
			}
		}
	}
}

// siblingEnv lists the literal values of the environment a CI step or
// job sets beside its script: `environment:` (Drone, Woodpecker,
// CircleCI), `env:` or `variables:` (GitLab CI), a map of names to
// strings. A value holding `$` is interpolated by the CI and stays
// unknown.
func siblingEnv(n *node) []envVar {
	var out []envVar
	for _, key := range []string{"environment", "env", "variables"} {
		e := n.get(key)
		if e == nil || e.kind != kindObject {
			continue
		}
		for i, k := range e.keys {
			if v := e.vals[i]; v.kind == kindScalar && isEnvName(k.str) && !strings.Contains(v.str, "$") {
				out = append(out, envVar{name: k.str, val: v.text()})
			}
		}
	}
	return out
}

// envVar is an environment variable the file itself sets for a command
// (a workflow's env:, a Dockerfile ENV or ARG).
type envVar struct {
	name string
	val  text
	// dflt marks a default the build or run may replace (ARG NAME=x):
	// it is given to the shell as ${NAME:-x}, so a launch through it is
	// dynamic.
	dflt bool
}

// withEnv prefixes shell text with assignments of the variables it
// refers to, so the shell detector tracks them like variables the script
// sets (class variable-execution, or dynamic for defaults). The
// assignments map to where each value is written. Text that may run a
// script by path (`./x.sh`, `bash ci/x.sh`) gets every variable: the
// script reads them from its environment (docs/repository.md).
func withEnv(t text, env []envVar) text {
	var parts []text
	all := strings.Contains(t.s, "/") && (strings.Contains(t.s, ".sh") || strings.Contains(t.s, "./"))
	for _, e := range env {
		if !all && !refersTo(t.s, e.name) || !isEnvName(e.name) {
			continue
		}
		q := "'" + strings.ReplaceAll(e.val.s, "'", `'\''`) + "'"
		line := e.name + "=" + q + "\n"
		if e.dflt {
			line = e.name + "=\"${" + e.name + ":-" + q + "}\"\n"
		}
		parts = append(parts, text{s: line, m: constMap(len(line), e.val.fileOff(0))})
	}
	if len(parts) == 0 {
		return t
	}
	return joinText(append(parts, t)...)
}

func constMap(n, off int) []int {
	m := make([]int, n+1)
	for i := range m {
		m[i] = off
	}
	return m
}

// refersTo reports whether shell text mentions $name or ${name.
func refersTo(s, name string) bool {
	for _, p := range []string{"$" + name, "${" + name} {
		for i := 0; ; {
			k := strings.Index(s[i:], p)
			if k < 0 {
				break
			}
			end := i + k + len(p)
			if p[1] == '{' || end >= len(s) || !isNameByte(s[end]) {
				return true
			}
			i = end
		}
	}
	return false
}

func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func isEnvName(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isNameByte(s[i]) {
			return false
		}
	}
	return true
}

// dockerImageEntry judges a pre-commit `language: docker_image` hook's
// entry: `docker run` options (`--entrypoint X` or `--entrypoint=X`
// sets the program), the image, then the words given to the program,
// then the hook's args. Without `--entrypoint` the image's own
// entrypoint runs the words, unknown here: they are judged alone, as a
// Dockerfile CMD is.
func (s *scan) dockerImageEntry(v, args *node) {
	s.done[v] = true
	t := v.text()
	var ws []word
	for i := 0; i < len(t.s); {
		for i < len(t.s) && isSpace(t.s[i]) {
			i++
		}
		j := i
		for j < len(t.s) && !isSpace(t.s[j]) {
			j++
		}
		if j > i {
			ws = append(ws, word{t: text{s: t.s[i:j], m: t.m[i : j+1]}, known: true})
		}
		i = j
	}
	var prog []word
	k := 0
	for k < len(ws) && strings.HasPrefix(ws[k].t.s, "-") {
		w := ws[k].t.s
		switch {
		case w == "--entrypoint" && k+1 < len(ws):
			prog = []word{ws[k+1]}
			k += 2
		case strings.HasPrefix(w, "--entrypoint="):
			n := len("--entrypoint=")
			prog = []word{{t: text{s: w[n:], m: ws[k].t.m[n:]}, known: true}}
			k++
		default:
			k++
		}
	}
	if k < len(ws) {
		k++ // the image
	}
	argv := append(prog, ws[min(k, len(ws)):]...)
	for _, a := range args.items() {
		argv = append(argv, scalarWord(a))
	}
	s.judge(argv, "")
}

// maxExtends bounds a chain of GitLab CI `extends:` (GitLab allows 11
// levels); a cycle stops there too.
const maxExtends = 11

// maxExtendsWork bounds the jobs one job's extends chains visit (lists
// of names at each level would multiply).
const maxExtendsWork = 256

// extendsEnv is the environment a GitLab CI job inherits through
// `extends:` (a name or a list of names of top-level keys, usually
// hidden `.base` jobs): each named job's `variables:` (and their own
// extends, outermost first), a later name's value replacing an earlier
// one's (review 080).
func (s *scan) extendsEnv(n *node, depth int, work *int) []envVar {
	*work++
	if *work == maxExtendsWork+1 {
		// a bound reached is reported, never silent
		at := s.pos(n.off)
		s.p.Report(scanner.Finding{Line: at.Line, Column: at.Column, Class: scanner.ClassUnparseable,
			Message: fmt.Sprintf("this job's extends: chains name more than %d jobs: the variables they set are not read, so its launches cannot be checked", maxExtendsWork)})
	}
	if s.root == nil || depth >= maxExtends || *work > maxExtendsWork {
		// (GitLab refuses a cycle or a chain past 11 levels)
		return nil
	}
	var env []envVar
	if ref := n.get("variables"); ref != nil && ref.kind == kindArray && len(ref.elems) >= 2 {
		// `variables: !reference [.base, variables]`: the named
		// job's block (the tag is not kept; a list there is one)
		t := s.root
		for _, e := range ref.elems {
			t = t.get(e.str)
		}
		if t != nil && t.kind == kindObject {
			env = siblingEnv(&node{kind: kindObject, keys: []*node{{str: "variables"}}, vals: []*node{t}})
		}
	}
	ext := n.get("extends")
	if ext == nil {
		return env
	}
	for _, e := range ext.items() {
		if e.kind != kindScalar || e.str == "" {
			continue
		}
		base := s.root.get(e.str)
		if base == nil || base == n || base.kind != kindObject {
			continue
		}
		env = overrideEnv(env, overrideEnv(s.extendsEnv(base, depth+1, work), siblingEnv(base)))
	}
	return env
}
