package data

import (
	"strings"
	"unicode"
)

// actionInputs scans the `with:` inputs of a remote action that the
// action may run as commands. What an action does with its inputs is not
// known, so the reading over-approximates (docs/data.md, "Action
// inputs"):
//
//   - an input whose name says it holds a command (a word of it is run,
//     script, command, cmd, exec or entrypoint: appleboy/ssh-action's
//     `script`, addnab/docker-run-action's `run`, a command-output
//     action's `run`) is a shell command line, read like a bash run:
//     step (expressions, matrix values, the step's env:);
//   - any other input whose value names a runtime and either spans
//     lines (a script) or starts with a runtime's command is read the
//     same way: an unknown action may run it.
//
// Actions read otherwise are left out: an agent action (its inputs
// configure the agent it starts, judged by uses), a local action (its
// inputs are followed into it), a `docker://` step (dockerUses) and
// actions/github-script (JavaScript).
func (s *scan) actionInputs(uses, with *node, env, matrix []envVar) {
	spec := strings.TrimSpace(uses.str)
	if with == nil || with.kind != kindObject || strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "docker://") ||
		s.p.Config.IsAgentAction(spec) {
		return
	}
	if name, _, _ := strings.Cut(strings.ToLower(spec), "@"); name == "actions/github-script" {
		return
	}
	for i, k := range with.keys {
		v := with.vals[i]
		if v == nil || v.kind != kindScalar || !v.isString || s.done[v] {
			continue
		}
		if !commandInput(k.str) && !s.scriptLike(v.str) {
			continue
		}
		s.done[v] = true // read here, not again by the generic walk
		s.runStep(v.text(), "bash", env, matrix)
	}
}

// commandInputWords are the words of an input's name that say it holds a
// command.
var commandInputWords = map[string]bool{
	"run": true, "script": true, "scripts": true, "command": true, "commands": true,
	"cmd": true, "cmds": true, "exec": true, "entrypoint": true,
}

// commandInput reports whether an action input's name says it holds a
// command: one of its words (split at `-`, `_`, `.` and case changes) is
// in commandInputWords (`script`, `run`, `pre-command`, `buildCmd`).
func commandInput(k string) bool {
	for _, w := range nameWords(k) {
		if commandInputWords[w] {
			return true
		}
	}
	return false
}

// nameWords splits a key into lower-case words at non-letters and at a
// lower-to-upper case change.
func nameWords(k string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = nil
		}
	}
	prevLower := false
	for _, r := range k {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
			prevLower = false
			continue
		case unicode.IsUpper(r) && prevLower:
			flush()
		}
		cur = append(cur, r)
		prevLower = unicode.IsLower(r)
	}
	flush()
	return out
}

// scriptLike reports whether a value of an unknown input may be a
// command that starts a runtime: it names one, and spans lines (a
// script), or starts with a runtime's command alone or followed by an
// option (`claude`, `pi -p x`; `pi day release` is prose), or with a
// package runner or a wrapper such as env (the shell detector then
// judges what follows).
func (s *scan) scriptLike(v string) bool {
	v = strings.TrimSpace(v)
	if !s.p.Config.MentionsRuntime([]byte(v)) {
		return false
	}
	if strings.Contains(v, "\n") {
		return true
	}
	f := strings.Fields(v)
	if len(f) == 0 {
		return false
	}
	if _, ok := s.p.Config.RuntimeForCommand(f[0]); ok {
		// alone (a program to run) or with an option: `pi day` is prose
		return len(f) == 1 || strings.HasPrefix(f[1], "-")
	}
	switch f[0] {
	case "npx", "pnpx", "bunx", "pnpm", "yarn", "npm", "bun", "deno", "env", "sudo", "exec", "nohup", "timeout":
		return true
	}
	return false
}

// jobContainers judges what a job's container and its service
// containers run by their `options:`: `--entrypoint PROGRAM` (also
// `--entrypoint=PROGRAM`) replaces the image's entrypoint, so the
// program is what the container starts (`options: --entrypoint claude`).
// A service's `entrypoint:` and `command:` are read by the generic walk.
func (s *scan) jobContainers(job *node) {
	s.containerOptions(job.get("container"))
	if svcs := job.get("services"); svcs != nil && svcs.kind == kindObject {
		for _, svc := range svcs.vals {
			s.containerOptions(svc)
		}
	}
}

func (s *scan) containerOptions(c *node) {
	opts := c.get("options")
	if opts == nil || opts.kind != kindScalar || !opts.isString || !strings.Contains(opts.str, "entrypoint") {
		return
	}
	ws := dockerArgWords(opts)
	for i, w := range ws {
		switch {
		case w.t.s == "--entrypoint" && i+1 < len(ws):
			s.judge([]word{ws[i+1]}, "")
		case strings.HasPrefix(w.t.s, "--entrypoint="):
			n := len("--entrypoint=")
			s.judge([]word{{t: text{s: w.t.s[n:], m: w.t.m[n:]}, known: true}}, "")
		}
	}
}

// imageArgs judges a container that gives its image arguments without a
// command (`image:` with an `args:` list and no `command`, `cmd`, `exec`
// or `entrypoint` beside it: a Kubernetes container, a Docker action's
// runs, at any depth of a CronJob's or Deployment's template). The
// image's entrypoint receives the args, and the scan does not know it:
// the args are judged alone as the command the image runs (as a
// Dockerfile CMD is, which a pass-through entrypoint such as node's
// execs), and when they are not a launch themselves and the image is the
// runtime's (its last path element,
// without tag or digest, is a runtime's command or the last element of a
// runtime's package: `ghcr.io/acme/claude-code`), the runtime with the
// args, reported at the image.
func (s *scan) imageArgs(obj *node) {
	img := obj.get("image")
	args := argsOf(obj)
	if img == nil || args == nil || img.kind != kindScalar || !img.isString {
		return
	}
	for _, k := range obj.keys {
		if commandKeys[strings.ToLower(k.str)] {
			return
		}
	}
	var ws []word
	for _, e := range args.elems {
		ws = append(ws, scalarWord(e))
	}
	if s.judge(ws, "") != nil {
		return // the args are a command of their own
	}
	if rt, ok := s.imageRuntime(img.str); ok {
		at := img.text().fileOff(0)
		s.judge(append([]word{{t: text{s: rt, m: constMap(len(rt), at)}, known: true}}, ws...), "")
	}
}

// imageRuntime returns the command of the runtime an image is built to
// run, by its name: the last path element, without tag or digest, is a
// runtime's command or the last element of a runtime's package.
func (s *scan) imageRuntime(image string) (string, bool) {
	name := strings.TrimSpace(image)
	name, _, _ = strings.Cut(name, "@")
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	name, _, _ = strings.Cut(name, ":")
	if name == "" {
		return "", false
	}
	cfg := s.p.Config
	if _, ok := cfg.RuntimeForCommand(name); ok {
		return name, true
	}
	for _, pkg := range cfg.Packages() {
		if pkg[strings.LastIndexByte(pkg, '/')+1:] != name {
			continue
		}
		if rt, ok := cfg.RuntimeForPackage(pkg); ok {
			if _, ok := cfg.RuntimeForCommand(rt); ok {
				return rt, true
			}
		}
	}
	return "", false
}

// containerEnv puts in place, in a Kubernetes container's `command` and
// `args`, each `$(NAME)` reference to a variable its `env:` list gives a
// literal `value` (`{name: AGENT, value: claude}`): the kubelet expands
// them before it starts the container, so `args: ["$(AGENT)", "-p"]` runs
// claude. `$$(NAME)` is the escape of a literal `$(NAME)`. env is the
// container's environment (k8sEnv): also the values of the repository's
// ConfigMaps and Secrets it reads; a variable from a field, or from a
// ConfigMap the repository does not hold, is not known.
func (s *scan) containerEnv(obj *node, env []envVar) {
	if obj.get("image") == nil || len(env) == 0 {
		return
	}
	vals := map[string]string{}
	for _, e := range env {
		vals[e.name] = e.val.s
	}
	for _, key := range []string{"command", "args"} {
		for _, n := range obj.get(key).items() {
			if n.kind != kindScalar || !n.isString || !strings.Contains(n.str, "$(") {
				continue
			}
			t := n.text()
			var b builder
			changed := false
			for i := 0; i < len(t.s); i++ {
				if t.s[i] == '$' && i+1 < len(t.s) && t.s[i+1] == '(' && (i == 0 || t.s[i-1] != '$') {
					if end := strings.IndexByte(t.s[i:], ')'); end > 0 {
						if v, ok := vals[t.s[i+2:i+end]]; ok {
							b.addAt(v, t.fileOff(i))
							i += end
							changed = true
							continue
						}
					}
				}
				b.add(t.s[i:i+1], t.fileOff(i))
			}
			if changed {
				nt := b.text(t.fileOff(len(t.s)))
				n.str, n.smap = nt.s, nt.m
			}
		}
	}
}
