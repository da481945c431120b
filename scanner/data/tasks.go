package data

import (
	"path"
	"regexp"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// Task runners (docs/data.md): a justfile's recipe lines and a
// Taskfile's `cmds:` are shell command lines. Their templates (`{{agent}}`
// in a justfile, `{{.AGENT}}` in a Taskfile) stand for the file's
// variables; they are given to the shell detector as `${NAME}` with the
// variables set before the line (withEnv), so a launch through one is
// variable-execution. A template the scan does not know (a function, a
// recipe parameter without a default) is a neutral word.

// isTaskfile reports a go-task Taskfile by its name.
func isTaskfile(rel string) bool {
	switch strings.ToLower(path.Base(rel)) {
	case "taskfile.yml", "taskfile.yaml", "taskfile.dist.yml", "taskfile.dist.yaml":
		return true
	}
	return false
}

// templateRE is a `{{ ... }}` template; its group a plain name (with a
// leading dot for a Taskfile's Go template).
var templateRE = regexp.MustCompile(`\{\{-?\s*(\.?[A-Za-z_][A-Za-z0-9_-]*)?[^}]*?-?\}\}`)

// templates rewrites t's templates as shell expansions of the names
// known (`${NAME}`), others as a neutral word; dot says the names are
// written with a leading dot (Go templates).
func templates(t text, known map[string]bool, dot bool) text {
	ms := templateRE.FindAllStringSubmatchIndex(t.s, -1)
	if ms == nil {
		return t
	}
	var b builder
	last := 0
	for _, m := range ms {
		for k := last; k < m[0]; k++ {
			b.add(t.s[k:k+1], t.fileOff(k))
		}
		last = m[1]
		name := ""
		if m[2] >= 0 && strings.TrimSpace(t.s[m[0]:m[1]]) != "" {
			name = t.s[m[2]:m[3]]
			inner := strings.Trim(t.s[m[0]+2:m[1]-2], "- \t")
			if inner != name {
				name = "" // an expression, not a name alone
			}
		}
		if dot != strings.HasPrefix(name, ".") {
			name = ""
		}
		name = strings.TrimPrefix(name, ".")
		if name != "" && known[name] {
			b.addAt("${"+name+"}", t.fileOff(m[0]))
			continue
		}
		b.addAt(makePlaceholder, t.fileOff(m[0]))
	}
	for k := last; k < len(t.s); k++ {
		b.add(t.s[k:k+1], t.fileOff(k))
	}
	return b.text(t.fileOff(len(t.s)))
}

// taskfile scans a Taskfile's tasks: each `cmds:` entry (a string, or an
// object's `cmd:`) and a task's `cmd:`, with the file's and the task's
// `vars:` and `env:` (literal values) set.
func (s *scan) taskfile(root *node) {
	tasks := root.get("tasks")
	if tasks == nil || tasks.kind != kindObject {
		return
	}
	global := taskVars(root, nil)
	knownOf := func(env []envVar) map[string]bool {
		known := map[string]bool{}
		for _, e := range env {
			known[e.name] = true
		}
		return known
	}
	s.taskShellVars(root, global, knownOf(global))
	for _, task := range tasks.vals {
		if task.kind != kindObject {
			continue
		}
		env := taskVars(task, append([]envVar(nil), global...))
		known := knownOf(env)
		s.taskShellVars(task, env, known)
		var cmds []*node
		if c := task.get("cmd"); c != nil {
			cmds = append(cmds, c)
		}
		if cs := task.get("cmds"); cs != nil && cs.kind == kindArray {
			for _, c := range cs.elems {
				if c.kind == kindObject {
					if d := c.get("defer"); d != nil && d.kind == kindScalar {
						cmds = append(cmds, d) // run when the task ends
					}
					c = c.get("cmd")
				}
				if c != nil {
					cmds = append(cmds, c)
				}
			}
		}
		// status: commands whose success skips the task; preconditions:
		// commands (or an entry's sh:) that must succeed first
		cmds = append(cmds, task.get("status").items()...)
		for _, c := range task.get("preconditions").items() {
			if c.kind == kindObject {
				c = c.get("sh")
			}
			if c != nil {
				cmds = append(cmds, c)
			}
		}
		for _, c := range cmds {
			if c.kind == kindScalar && c.isString {
				s.shell(withEnv(templates(c.text(), known, true), env), "", nil)
			}
		}
	}
}

// taskShellVars scans the dynamic variables of a Taskfile node (the
// file or a task): a `vars:` or `env:` entry written `{sh: COMMAND}` gets
// its value from a shell command task runs, a shell command line (class
// command-substitution), with the variables known so far set.
func (s *scan) taskShellVars(n *node, env []envVar, known map[string]bool) {
	for _, key := range []string{"vars", "env"} {
		vs := n.get(key)
		if vs == nil || vs.kind != kindObject {
			continue
		}
		for _, v := range vs.vals {
			if c := v.get("sh"); c != nil && c.kind == kindScalar && c.isString {
				s.shell(withEnv(templates(c.text(), known, true), env), scanner.ClassCommandSubstitution, nil)
			}
		}
	}
}

// taskVars adds the literal `vars:` and `env:` of a Taskfile node to env.
func taskVars(n *node, env []envVar) []envVar {
	for _, key := range []string{"vars", "env"} {
		vs := n.get(key)
		if vs == nil || vs.kind != kindObject {
			continue
		}
		for i, k := range vs.keys {
			if v := vs.vals[i]; v.kind == kindScalar && isEnvName(k.str) {
				env = append(env, envVar{name: k.str, val: v.text()})
			}
		}
	}
	return env
}

var (
	// justEnvDefaultRE is a justfile value read from the environment with a
	// literal default.
	justEnvDefaultRE = regexp.MustCompile(`^(?:env_var_or_default|env)\(\s*(?:"[^"]*"|'[^']*')\s*,\s*["']([^"'{}]*)["']\s*\)$`)
	justAssignRE     = regexp.MustCompile(`^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*:=\s*(.*?)\s*$`)
	justRecipeRE     = regexp.MustCompile(`^@?[A-Za-z_][A-Za-z0-9_-]*(?:\s[^:]*)?:(?:[^=]|$)`)
)

// justfile scans a justfile's recipes: each indented line after a recipe
// header is a shell command line (after the `@` and `-` prefixes), with
// the file's variables set (`agent := "claude"`, a quoted literal; any
// other expression is not known). A recipe whose body starts with a
// shebang of another language is that language's script: node's,
// bun's, deno's and python's are scanned as a file of it (justScript).
func (s *scan) justfile() {
	ls := s.physLines()
	env := s.justDotenv(ls)
	known := map[string]bool{}
	for _, l := range ls {
		s.justShellSetting(l)
		m := justAssignRE.FindStringSubmatchIndex(l.s)
		if m == nil {
			continue
		}
		v := l.s[m[4]:m[5]]
		if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] && !strings.Contains(v[1:len(v)-1], "{{") {
			env = append(env, envVar{name: l.s[m[2]:m[3]], val: verbatim(v[1:len(v)-1], l.off+m[4]+1)})
			known[l.s[m[2]:m[3]]] = true
		} else if d := justEnvDefaultRE.FindStringSubmatchIndex(v); d != nil {
			// env_var_or_default("AGENT", "claude"), env("AGENT", "claude"):
			// the default, which the environment may replace (dynamic)
			off := l.off + m[4]
			env = append(env, envVar{name: l.s[m[2]:m[3]], val: verbatim(v[d[2]:d[3]], off+d[2]), dflt: true})
			known[l.s[m[2]:m[3]]] = true
		}
	}
	inRecipe, skip := false, false
	// the text just evaluates itself: every line outside recipe bodies,
	// and the {{ }} templates inside them (justBackticks)
	var outside []text
	// a shebang recipe of another language: its body, dedented, scanned
	// as a file of that language (justScript)
	var script []text
	scriptName, indent := "", 0
	flush := func() {
		if scriptName != "" && len(script) > 0 {
			s.program(scriptName, joinText(script...))
		}
		script, scriptName = nil, ""
	}
	defer flush()
	for _, l := range ls {
		body := strings.TrimLeft(l.s, " \t")
		switch {
		case l.s == "" || body == "":
			continue
		case len(body) < len(l.s) && !inRecipe:
			outside = append(outside, verbatim(l.s+"\n", l.off))
			continue
		case len(body) < len(l.s):
			for _, m := range justTemplateRE.FindAllStringIndex(l.s, -1) {
				s.justBackticks(verbatim(l.s[m[0]+2:m[1]-2], l.off+m[0]+2))
			}
			if skip {
				if scriptName != "" {
					in := min(indent, len(l.s)-len(body))
					script = append(script, verbatim(l.s[in:]+"\n", l.off+in))
				}
				continue
			}
			if strings.HasPrefix(body, "#") && !strings.HasPrefix(body, "#!") {
				continue
			}
			if strings.HasPrefix(body, "#!") {
				skip = !strings.Contains(body, "sh")
				if skip {
					scriptName, indent = justScript(body), len(l.s)-len(body)
				}
				continue
			}
			off := len(l.s) - len(body)
			for off < len(l.s) && (l.s[off] == '@' || l.s[off] == '-') {
				off++
			}
			t := verbatim(l.s[off:], l.off+off)
			s.shell(withEnv(templates(t, known, false), env), "", nil)
		default:
			flush()
			inRecipe = !strings.HasPrefix(body, "#") && justAssignRE.FindStringIndex(l.s) == nil && justRecipeRE.MatchString(l.s)
			skip = false
			outside = append(outside, verbatim(l.s+"\n", l.off))
		}
	}
	if len(outside) > 0 {
		s.justBackticks(joinText(outside...))
	}
}

// justScript is the name a shebang recipe's body is scanned under, by
// its interpreter (`#!/usr/bin/env node`: a .js file), "" for a language
// no detector reads.
func justScript(shebang string) string {
	switch scanner.Interpreter([]byte(shebang)) {
	case "node", "nodejs":
		return "justfile-recipe.js"
	case "bun", "deno", "tsx", "ts-node":
		return "justfile-recipe.ts"
	case "python", "python3", "python2", "pypy3":
		return "justfile-recipe.py"
	}
	return ""
}

// justDotenvRE is a justfile setting that loads a dotenv file.
var justDotenvRE = regexp.MustCompile(`^set\s+dotenv-(load|filename|path)\b(?:\s*:=\s*(?:"([^"]*)"|'([^']*)'|(\S+)))?`)

// justDotenv lists the literal values of the dotenv file a justfile
// loads (`set dotenv-load`, `set dotenv-filename := "x.env"`, `set
// dotenv-path := "conf/.env"`; `.env` beside the justfile by default):
// they are the environment of its recipes.
func (s *scan) justDotenv(ls []mline) []envVar {
	spec, off, load := "", 0, false
	for _, l := range ls {
		m := justDotenvRE.FindStringSubmatchIndex(l.s)
		if m == nil {
			continue
		}
		val := ""
		for g := 2; g <= 4; g++ {
			if m[2*g] >= 0 {
				val = l.s[m[2*g]:m[2*g+1]]
			}
		}
		switch l.s[m[2]:m[3]] {
		case "load":
			load = load || val == "" || val == "true"
			if off == 0 {
				off = l.off
			}
		default:
			spec, off, load = val, l.off, true
		}
	}
	if !load {
		return nil
	}
	if spec == "" {
		spec = ".env"
	}
	return s.envFile(spec, off)
}

// justTemplateRE is a `{{ ... }}` template of a recipe line.
var justTemplateRE = regexp.MustCompile(`\{\{.*?\}\}`)

// justBackticks scans the commands just runs while it evaluates the
// file's expressions: the text between backticks (one or three of them,
// the triple form spanning lines) and the string given to `shell(...)`
// are shell command lines whose output is the value (class
// command-substitution), in assignments, parameter defaults and the
// `{{ }}` templates of recipe lines alike. Strings (single or double
// quoted, and their triple forms) and `#` comments are skipped.
func (s *scan) justBackticks(t text) {
	str := t.s
	if !strings.ContainsAny(str, "`(") {
		return
	}
	cmd := func(start, end int) {
		s.shell(text{s: str[start:end], m: t.m[start : end+1]}, scanner.ClassCommandSubstitution, nil)
	}
	shellCall := false // the next string is shell()'s command
	for i := 0; i < len(str); {
		c := str[i]
		switch {
		case c == '#':
			for i < len(str) && str[i] != '\n' {
				i++
			}
		case c == '`':
			q := "`"
			if strings.HasPrefix(str[i:], "```") {
				q = "```"
			}
			end := strings.Index(str[i+len(q):], q)
			if end < 0 {
				return
			}
			cmd(i+len(q), i+len(q)+end)
			i += len(q) + end + len(q)
			shellCall = false
		case c == '\'' || c == '"':
			q := str[i : i+1]
			if strings.HasPrefix(str[i:], q+q+q) {
				q = q + q + q
			}
			j := i + len(q)
			for j < len(str) && !strings.HasPrefix(str[j:], q) {
				if c == '"' && str[j] == '\\' {
					j++
				}
				j++
			}
			if j > len(str) {
				j = len(str)
			}
			if shellCall {
				cmd(i+len(q), j)
				shellCall = false
			}
			i = min(j+len(q), len(str))
		case strings.HasPrefix(str[i:], "shell") && (i == 0 || !isNameByte(str[i-1])):
			j := i + len("shell")
			for j < len(str) && (str[j] == ' ' || str[j] == '\t') {
				j++
			}
			shellCall = j < len(str) && str[j] == '('
			i = j + 1
		default:
			i++
		}
	}
}

// pyprojectTasks scans the task tables Python's task runners read from
// pyproject.toml: poethepoet's `[tool.poe.tasks]`, PDM's
// `[tool.pdm.scripts]`, taskipy's `[tool.taskipy.tasks]`, Rye's
// `[tool.rye.scripts]` and Hatch's `[tool.hatch.envs.<env>.scripts]`. A
// task written as a string is a command line (poe and PDM split it
// themselves; read as shell it over-approximates); a `shell` entry is
// shell text; a `cmd` entry is read by the generic walk (commandKeys). A
// poe or Rye list is a sequence of other tasks' names, not commands; a
// Hatch list is a list of commands.
func (s *scan) pyprojectTasks(root *node) {
	tool := root.get("tool")
	if tool == nil || tool.kind != kindObject {
		return
	}
	table := func(t *node, lists bool) {
		if t == nil || t.kind != kindObject {
			return
		}
		for _, v := range t.vals {
			switch v.kind {
			case kindScalar:
				if v.isString {
					s.shell(v.text(), "", nil)
				}
			case kindArray:
				if !lists {
					continue
				}
				for _, e := range v.elems {
					if e.kind == kindScalar && e.isString {
						s.shell(e.text(), "", nil)
					}
				}
			case kindObject:
				if sh := v.get("shell"); sh != nil && sh.kind == kindScalar && sh.isString {
					s.shell(sh.text(), "", nil)
				}
			}
		}
	}
	sub := func(n *node, keys ...string) *node {
		for _, k := range keys {
			if n == nil || n.kind != kindObject {
				return nil
			}
			n = n.get(k)
		}
		return n
	}
	table(sub(tool, "poe", "tasks"), false)
	table(sub(tool, "pdm", "scripts"), false)
	table(sub(tool, "taskipy", "tasks"), false)
	table(sub(tool, "rye", "scripts"), false)
	if envs := sub(tool, "hatch", "envs"); envs != nil && envs.kind == kindObject {
		for _, env := range envs.vals {
			table(sub(env, "scripts"), true)
		}
	}
}

// isMise reports a mise configuration file by its name: mise.toml,
// .mise.toml, mise.local.toml, mise.ENV.toml and their dotted forms, and
// config.toml (or any *.toml of conf.d/) in a mise/ or .mise/ folder
// (.config/mise/config.toml).
func isMise(rel string) bool {
	base := strings.ToLower(path.Base(rel))
	dir := "/" + path.Dir(rel) + "/"
	if !strings.HasSuffix(base, ".toml") {
		return false
	}
	name := strings.TrimPrefix(base, ".")
	switch {
	case name == "mise.toml" || strings.HasPrefix(name, "mise.") && strings.Count(name, ".") >= 2:
		return true
	case base == "config.toml" && (strings.HasSuffix(dir, "/mise/") || strings.HasSuffix(dir, "/.mise/")):
		return true
	case strings.HasSuffix(dir, "/mise/conf.d/"):
		return true
	}
	return false
}

// teraRE is a mise (Tera) template: `{{ ... }}`.
var teraRE = regexp.MustCompile(`\{\{.*?\}\}`)

// teraName is the name a template reads: `vars.NAME`, `env.NAME`, or
// the `name=` of arg(), option() and flag().
var teraNameRE = regexp.MustCompile(`^\{\{-?\s*(?:(?:vars|env)\.([A-Za-z_][A-Za-z0-9_]*)\s*-?\}\}$|(?:arg|option|flag)\(\s*name\s*=\s*"([^"]*)")`)

func teraName(expr string) string {
	if m := teraNameRE.FindStringSubmatch(expr); m != nil {
		return m[1] + m[2]
	}
	return ""
}

// mise scans a mise file's tasks: `[tasks.NAME]`'s `run` (a string or a
// list of strings; an entry `{task = ...}` runs another task) and
// `run_windows` (judged word by word like pwsh), the `[tasks]` shorthand
// `NAME = "command"` (or a list), a task's own `shell` (the program that
// runs the text, judged as an argv), `[hooks]` (enter, leave, cd,
// preinstall, postinstall: strings, lists or `{script = ...}`) and
// `[[watch_files]]`'s `run`. `[env]` and a task's `env` literal values
// are the commands' environment; a `{{ ... }}` template is an unknown
// part, dynamic when the `[vars]`/`[env]` value it reads names a runtime
// or its text names one (`{{arg(name="agent", default="claude")}}`).
func (s *scan) mise(root *node) {
	values := newValueSet(nil)
	var env []envVar
	lit := func(tbl *node, toEnv bool) []envVar {
		var out []envVar
		if tbl == nil || tbl.kind != kindObject {
			return nil
		}
		for i, k := range tbl.keys {
			if v := tbl.vals[i]; v.kind == kindScalar && v.isString {
				values.add(k.str, v.text())
				if toEnv && isEnvName(k.str) {
					out = append(out, envVar{name: k.str, val: v.text()})
				}
			}
		}
		return out
	}
	lit(root.get("vars"), false)
	env = lit(root.get("env"), true)
	tasks := root.get("tasks")
	if tasks != nil && tasks.kind == kindObject {
		for _, t := range tasks.vals {
			if t.kind == kindObject {
				lit(t.get("vars"), false)
			}
		}
	}
	run := func(v *node, env []envVar, shellProg *node) {
		items := v.items()
		if sc := v.get("script"); sc != nil {
			items = []*node{sc}
		}
		for _, it := range items {
			if it.kind != kindScalar || !it.isString {
				continue
			}
			cmd, sub := s.substitute(it.text(), teraRE, teraName, values)
			if shellProg != nil && shellProg.kind == kindScalar && shellProg.isString {
				var ws []word
				for _, c := range splitSystemd(shellProg.text()) {
					ws = append(ws, c...)
				}
				if len(ws) > 0 {
					s.judge(append(ws, shellScriptWord(ws[len(ws)-1])), "")
				}
			}
			s.shell(withEnv(cmd, append(append([]envVar(nil), env...), sub...)), "", nil)
		}
	}
	if tasks != nil && tasks.kind == kindObject {
		for _, t := range tasks.vals {
			switch t.kind {
			case kindScalar, kindArray:
				run(t, env, nil)
			case kindObject:
				tenv := append(append([]envVar(nil), env...), lit(t.get("env"), true)...)
				if r := t.get("run"); r != nil {
					run(r, tenv, t.get("shell"))
				}
				if r := t.get("run_windows"); r != nil && r.kind == kindScalar && r.isString {
					cmd, _ := s.substitute(r.text(), teraRE, nil, nil)
					s.powershell(cmd)
				}
			}
		}
	}
	if hooks := root.get("hooks"); hooks != nil && hooks.kind == kindObject {
		for _, h := range hooks.vals {
			run(h, env, nil)
		}
	}
	if ws := root.get("watch_files"); ws != nil && ws.kind == kindArray {
		for _, w := range ws.elems {
			if r := w.get("run"); r != nil {
				run(r, env, nil)
			}
		}
	}
}

var (
	// justShellRE is a setting naming the program that runs recipe
	// lines (shell, windows-shell) or script recipes (script-interpreter).
	justShellRE  = regexp.MustCompile(`^set\s+(?:shell|windows-shell|script-interpreter)\s*:=\s*\[(.*)\]\s*$`)
	justQuotedRE = regexp.MustCompile(`'([^']*)'|"((?:[^"\\]|\\.)*)"`)
)

// justShellSetting judges `set shell := ["prog", "arg"]` (also
// windows-shell and script-interpreter): just runs every recipe line as
// that argv with the line as its last argument, so `set shell :=
// ["claude", "-p"]` hands each line to the agent (like a Makefile's
// SHELL).
func (s *scan) justShellSetting(l mline) {
	m := justShellRE.FindStringSubmatchIndex(l.s)
	if m == nil {
		return
	}
	var ws []word
	for _, q := range justQuotedRE.FindAllStringSubmatchIndex(l.s[m[2]:m[3]], -1) {
		a, b := q[2], q[3]
		if a < 0 {
			a, b = q[4], q[5]
		}
		ws = append(ws, word{t: verbatim(l.s[m[2]+a:m[2]+b], l.off+m[2]+a), known: true})
	}
	if len(ws) > 0 {
		s.judge(append(ws, shellScriptWord(ws[len(ws)-1])), "")
	}
}
