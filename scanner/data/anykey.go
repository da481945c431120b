package data

import (
	"path"
	"strings"

	"github.com/leasegate/leasegate/scanner"
)

// anyKey judges, in a document of any kind, the values no reading of its
// format knows as commands but that read as one (deny by default): under
// any key that is not prose (inertKeys), a string with a line or a
// `&&`/`||`/`;`/`|` segment that starts with a runtime's command (after
// assignments and a wrapper: `sudo`, `env`, `npx`, ...) followed by more
// words is shell text (render.yaml's `startCommand: claude -p x`,
// fly.toml's `[processes]`, a Bitrise script's `content`), and a list of
// strings whose first element is a runtime's command (or a wrapper
// before one) with more elements is an argv (cloud-init's `runcmd`). A
// list's strings are read as the key's. Only the launches found at a
// place no other reading of the file reported are added, so a format's
// own reading (package.json scripts, workflow steps) is not doubled.
func (s *scan) anyKey(d *node) {
	if d == nil || !s.p.Hits.Has(scanner.HitRuntime) {
		return
	}
	type item struct {
		n     *node
		depth int
	}
	var cands []*node
	var progs [][]*node // a program and its arguments (progArgs)
	stack := []item{{d, 0}}
	seen := map[*node]bool{}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := it.n
		if n == nil || seen[n] || it.depth > maxKeyDepth {
			// (the walk and offerKeys report a document past the
			// bound)
			continue
		}
		seen[n] = true
		switch n.kind {
		case kindObject:
			if pa := progArgs(n); pa != nil {
				progs = append(progs, pa)
			}
			for i, k := range n.keys {
				lk := strings.ToLower(k.str)
				if inertKeys[lk] || (commandKeys[lk] || scriptKeys[k.str] || hookKeys[k.str] || lifecycleKeys[k.str]) && (n.vals[i] == nil || n.vals[i].kind != kindObject) {
					// prose, or a command key the walk reads (a mapping
					// under one, Concourse's `run: {path, args}`, is
					// read here)
					continue
				}
				stack = append(stack, item{n.vals[i], it.depth + 1})
			}
		case kindArray:
			if s.argvShape(n) {
				cands = append(cands, n)
				continue
			}
			for _, e := range n.elems {
				stack = append(stack, item{e, it.depth + 1})
			}
		case kindScalar:
			if n.isString && s.shellShape(n.str) {
				cands = append(cands, n)
			}
		}
	}
	if len(cands) == 0 && len(progs) == 0 {
		return
	}
	had := map[[2]int]bool{}
	for _, f := range s.p.Findings() {
		had[[2]int{f.Line, f.Column}] = true
	}
	generic := genericKind[Kind(s.p.Language)] && !namedFormat(s.p.Path) && !platformConfig(s.p.Path, s.src)
	bp := s.p.Blank()
	sub := *s
	sub.p = bp
	for _, c := range cands {
		if _, offered := s.commandConst(c); generic && offered {
			// a generic data file's value whose first word is a
			// runtime is offered to the code that reads the file
			// (offerKeys) and judged at that read
			// (config_keys_read_by_code)
			continue
		}
		if c.kind == kindScalar {
			sub.shell(c.text(), "", nil)
			continue
		}
		var ws []word
		for _, e := range c.elems {
			ws = append(ws, scalarWord(e))
		}
		sub.judge(ws, "")
	}
	for _, pa := range progs {
		if _, offered := s.commandConst(pa[0]); generic && offered && !concourseTask(d) {
			// offered to the code that reads the file, and judged
			// there (json_read_by_helper_of_other_package)
			continue
		}
		var ws []word
		for _, e := range pa {
			ws = append(ws, scalarWord(e))
		}
		sub.judge(ws, "")
	}
	for _, f := range bp.Findings() {
		if f.IsLaunch() && !had[[2]int{f.Line, f.Column}] {
			had[[2]int{f.Line, f.Column}] = true
			s.p.Report(f)
		}
	}
}

// progKeys name the program a mapping runs, argsKeys the list of its
// arguments (argvKeys): Concourse's `run: {path: pi, args: [...]}`, a VS Code launch
// configuration's `program` and `args`, a task's `command` and `args`.
var (
	progKeys = []string{"path", "program", "executable", "command", "cmd", "bin", "binary"}
	argvKeys = []string{"args", "arguments", "argv"}
)

// progArgs is the argv a mapping with a program key and a list of
// arguments beside it describes (`path: pi` and `args: ["-p", "x"]`), or
// nil: a string program and a list of string arguments.
func progArgs(n *node) []*node {
	var prog, args *node
	for _, k := range progKeys {
		if v := n.get(k); v != nil && v.kind == kindScalar && v.isString && v.str != "" {
			prog = v
			break
		}
	}
	for _, k := range argvKeys {
		if v := n.get(k); v != nil && v.kind == kindArray {
			args = v
			break
		}
	}
	if prog == nil || args == nil {
		return nil
	}
	out := []*node{prog}
	for _, e := range args.elems {
		if e.kind != kindScalar {
			return nil
		}
		out = append(out, e)
	}
	return out
}

// inertKeys hold prose or names, never a command: their values (and all
// below them) are not read by anyKey.
var inertKeys = map[string]bool{
	"description": true, "desc": true, "name": true, "names": true, "title": true, "summary": true,
	"help": true, "message": true, "msg": true, "comment": true, "comments": true, "label": true,
	"labels": true, "annotations": true, "tags": true, "keywords": true, "docs": true, "doc": true,
	"documentation": true, "note": true, "notes": true, "text": true, "readme": true, "usage": true,
	"example": true, "examples": true, "hint": true, "tooltip": true, "placeholder": true,
	"about": true, "long_description": true, "short_description": true, "changelog": true,
	"models": true, "model": true, "providers": true, "aliases": true, "id": true, "$schema": true,
	"displayname": true, "display_name": true, "caption": true, "subject": true, "prompt": true, "prompts": true, "instructions": true, "system_prompt": true,
}

// anyKeyWrappers run the command that follows them (with their own
// options between): a runtime after one is a launch.
var anyKeyWrappers = map[string]bool{
	"sudo": true, "doas": true, "env": true, "exec": true, "nohup": true, "time": true, "command": true,
	"npx": true, "bunx": true, "pnpx": true, "uvx": true, "nice": true, "timeout": true, "stdbuf": true,
	"setsid": true, "xargs": true, "su-exec": true, "gosu": true, "dumb-init": true, "tini": true,
}

// runtimeWord reports a word that is a runtime's command (or path).
func (s *scan) runtimeWord(w string) bool {
	w = strings.Trim(w, `"'`)
	if w == "" || w[0] == '-' || strings.ContainsAny(w, "=${}") {
		return false
	}
	_, ok := s.p.Config.RuntimeForCommand(w)
	return ok
}

// startsLaunch reports a command's words that start with a runtime's
// command followed by more words, after assignments and a wrapper.
func (s *scan) startsLaunch(fs []string) bool {
	for len(fs) > 0 && isAssignment(fs[0]) {
		fs = fs[1:]
	}
	if len(fs) < 2 {
		return false
	}
	if s.runtimeWord(fs[0]) {
		return true
	}
	if !anyKeyWrappers[strings.Trim(fs[0], `"'`)] {
		return false
	}
	for i := 1; i+1 < len(fs); i++ {
		if s.runtimeWord(fs[i]) {
			return true
		}
	}
	return false
}

func isAssignment(w string) bool {
	name, _, ok := strings.Cut(w, "=")
	return ok && isEnvName(name)
}

// shellShape reports a string that reads as shell text starting a
// runtime: a line or segment of it that startsLaunch.
func (s *scan) shellShape(str string) bool {
	if len(str) > 1<<16 || !s.p.Config.MentionsRuntime([]byte(str)) {
		return false
	}
	seg := strings.NewReplacer("&&", "\n", "||", "\n", ";", "\n", "|", "\n", "(", "\n").Replace(str)
	for _, line := range strings.Split(seg, "\n") {
		if s.startsLaunch(strings.Fields(line)) {
			return true
		}
	}
	return false
}

// argvShape reports a list of strings that reads as an argv starting a
// runtime.
func (s *scan) argvShape(n *node) bool {
	if len(n.elems) < 2 {
		return false
	}
	fs := make([]string, 0, len(n.elems))
	for _, e := range n.elems {
		if e == nil || e.kind != kindScalar || !e.isString {
			return false
		}
		fs = append(fs, e.str)
	}
	if !s.runtimeWord(fs[0]) {
		return anyKeyWrappers[fs[0]] && s.startsLaunch(fs)
	}
	for _, f := range fs[1:] {
		if s.runtimeWord(f) {
			// a list of runtimes' names (a matrix), not an argv
			return false
		}
	}
	return true
}

// platformConfigs are generic data files by name that a platform, not
// the repository's code, reads to start processes (deployments, CI
// services, provisioning): every command-shaped value in them is judged
// where it is written.
var platformConfigs = map[string]bool{
	"render.yaml": true, "render.yml": true, "railway.json": true, "railway.toml": true,
	"fly.toml": true, "bitrise.yml": true, "bitrise.yaml": true, "app.json": true, "app.yaml": true,
	"app.yml": true, "nixpacks.toml": true, "nixpacks.json": true, ".platform.app.yaml": true,
	"heroku.yml": true, "netlify.toml": true, "vercel.json": true, "now.json": true,
	"koyeb.yaml": true, "ecosystem.config.json": true, "pm2.json": true, "codemagic.yaml": true,
	"appveyor.yml": true, ".appveyor.yml": true, ".travis.yml": true, "buildspec.yml": true,
	"cloudbuild.yaml": true, "cloudbuild.yml": true, "bitbucket-pipelines.yml": true,
	".drone.yml": true, ".woodpecker.yml": true, "amplify.yml": true, "serverless.yml": true,
	"skaffold.yaml": true, ".gitpod.yml": true, "devbox.json": true, "zeabur.json": true,
	"okteto.yml": true, "devspace.yaml": true, "user-data": true, "user-data.yaml": true,
	"user-data.yml": true, "cloud-config.yaml": true, "cloud-config.yml": true,
	".gitlab-ci.yml": true, "azure-pipelines.yml": true, ".pre-commit-config.yaml": true,
	".pre-commit-hooks.yaml": true, "lefthook.yml": true, "taskfile.yml": true, "taskfile.yaml": true,
	".buildkite.yml": true, "pipeline.yml": true, "wercker.yml": true, "procfile.yml": true,
}

// platformConfig reports a platform's configuration by its name or, for
// cloud-init user data, its `#cloud-config` first line.
// concourseTask reports a Concourse task's configuration: a document
// whose top level holds `platform` and a `run` mapping. Concourse runs
// it, whatever reads it.
func concourseTask(d *node) bool {
	r := d.get("run")
	return d.get("platform") != nil && r != nil && r.kind == kindObject
}

func platformConfig(rel string, src []byte) bool {
	base := strings.ToLower(path.Base(rel))
	return platformConfigs[base] || strings.HasPrefix(string(src[:min(len(src), 64)]), "#cloud-config") ||
		strings.Contains("/"+rel, "/.buildkite/") || strings.Contains("/"+rel, "/.circleci/") ||
		strings.Contains("/"+rel, "/cloud-init/") || strings.Contains("/"+rel, "/.gitlab/")
}
