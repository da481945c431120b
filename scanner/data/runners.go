package data

import (
	"path"
	"regexp"
	"strings"
)

// isLintStaged reports lint-staged's own configuration file by its name:
// `.lintstagedrc` (JSON or YAML), `.lintstagedrc.json`,
// `.lintstagedrc.yaml`, `.lintstagedrc.yml`.
func isLintStaged(rel string) bool {
	switch strings.ToLower(path.Base(rel)) {
	case ".lintstagedrc", ".lintstagedrc.json", ".lintstagedrc.yaml", ".lintstagedrc.yml":
		return true
	}
	return false
}

// lintStaged scans a lint-staged configuration (package.json's
// `lint-staged` or a `.lintstagedrc`): each glob maps to a command line
// or a list of them, run on the staged files at every commit. lint-staged
// splits a command into words itself; read as shell it over-approximates.
func (s *scan) lintStaged(n *node) {
	if n == nil || n.kind != kindObject {
		return
	}
	for _, v := range n.vals {
		for _, e := range v.items() {
			if e.kind == kindScalar && e.isString && !s.done[e] {
				s.done[e] = true
				s.shell(e.text(), "", nil)
			}
		}
	}
}

// terminalSetting judges a VS Code setting that names the program a
// terminal starts (settings.json, a workspace's settings): each profile
// of `terminal.integrated.profiles.<os>` and the profile
// `terminal.integrated.automationProfile.<os>` (tasks and debugging run
// in it) start their `path` (a string, or a list of candidates, each a
// possibility) with their `args` (a list, or a string on Windows); the
// legacy `terminal.integrated.shell.<os>` starts its value with
// `terminal.integrated.shellArgs.<os>`. obj is the settings object.
func (s *scan) terminalSetting(obj *node, key string, v *node) {
	rest := strings.TrimPrefix(key, "terminal.integrated.")
	kind, osName, _ := strings.Cut(rest, ".")
	switch kind {
	case "profiles":
		if v.kind == kindObject {
			for _, prof := range v.vals {
				s.terminalProfile(prof)
			}
		}
	case "automationProfile":
		s.terminalProfile(v)
	case "shell":
		if v.kind == kindScalar && v.isString {
			ws := []word{scalarWord(v)}
			for _, a := range obj.get("terminal.integrated.shellArgs." + osName).items() {
				ws = append(ws, scalarWord(a))
			}
			s.judge(ws, "")
		}
	}
}

// terminalProfile judges one terminal profile: each `path` candidate with
// the profile's `args`.
func (s *scan) terminalProfile(prof *node) {
	if prof == nil || prof.kind != kindObject {
		return
	}
	var args []word
	for _, a := range prof.get("args").items() {
		args = append(args, scalarWord(a))
	}
	for _, p := range prof.get("path").items() {
		if p.kind == kindScalar && p.isString {
			s.judge(append([]word{scalarWord(p)}, args...), "")
		}
	}
}

// isVSCodeTasks reports a VS Code tasks.json or launch.json of a
// `.vscode` folder, whose `${config:NAME}` reads the folder's
// settings.json.
func isVSCodeTasks(rel string) bool {
	base := path.Base(rel)
	return (base == "tasks.json" || base == "launch.json") && path.Base(path.Dir(rel)) == ".vscode"
}

// maxSettingsDepth bounds how deep a settings.json object is read for
// `${config:a.b.c}` names.
const maxSettingsDepth = 16

// vscodeVarRE is a VS Code `${config:NAME}` or `${input:ID}` variable, or
// the folder the workspace opens (`${workspaceFolder}`, the repository's
// root).
var vscodeVarRE = regexp.MustCompile(`\$\{((?:config|input):[A-Za-z0-9_.-]+|workspaceFolder|workspaceRoot)\}`)

// vscodeVars puts in place, in the strings of a tasks.json or
// launch.json, the variables VS Code substitutes before it runs a task:
// `${config:NAME}` that the `.vscode/settings.json` beside it sets to a
// string (a flat `"agent.bin"` key, or nested objects), so `"command":
// "${config:agent.bin}"` with `"agent.bin": "claude"` runs claude; and
// `${input:ID}` of the file's own `inputs`: a pickString's options or a
// default, the first that names a runtime (each is a possibility), else
// the default. The settings file is read in the repository phase (a file
// the scan reads); user settings outside the repository are not known,
// and a variable not set stays as written, an unknown word. The
// workspace's folder (`${workspaceFolder}`, `${workspaceRoot}`) is the
// repository's root, ".".
func (s *scan) vscodeVars(d *node) {
	// the repository's root: `${workspaceFolder}/tools/run.sh` is a
	// script of the repository (ScriptRuns)
	vals := map[string]string{"workspaceFolder": ".", "workspaceRoot": "."}
	for _, in := range d.get("inputs").items() {
		id := in.get("id")
		if id == nil || id.kind != kindScalar {
			continue
		}
		var cands []string
		for _, o := range in.get("options").items() {
			if o.kind == kindObject {
				o = o.get("value")
			}
			if o != nil && o.kind == kindScalar && o.isString {
				cands = append(cands, o.str)
			}
		}
		if def := in.get("default"); def != nil && def.kind == kindScalar && def.isString {
			vals["input:"+id.str] = def.str
		}
		for _, c := range cands {
			if s.p.Config.MentionsRuntime([]byte(c)) {
				vals["input:"+id.str] = c
				break
			}
		}
	}
	if strings.Contains(string(s.src), "${config:") {
		s.vscodeSettings(vals)
	}
	// every string of the document, each node once
	stack := []*node{d}
	seen := map[*node]bool{}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n == nil || seen[n] {
			continue
		}
		seen[n] = true
		switch n.kind {
		case kindObject:
			stack = append(stack, n.vals...)
		case kindArray:
			stack = append(stack, n.elems...)
		case kindScalar:
			if !n.isString || !strings.Contains(n.str, "${") {
				continue
			}
			t := n.text()
			var b builder
			last := 0
			for _, m := range vscodeVarRE.FindAllStringSubmatchIndex(t.s, -1) {
				v, ok := vals[t.s[m[2]:m[3]]]
				if !ok {
					continue
				}
				for k := last; k < m[0]; k++ {
					b.add(t.s[k:k+1], t.fileOff(k))
				}
				b.addAt(v, t.fileOff(m[0]))
				last = m[1]
			}
			if last == 0 {
				continue
			}
			for k := last; k < len(t.s); k++ {
				b.add(t.s[k:k+1], t.fileOff(k))
			}
			nt := b.text(t.fileOff(len(t.s)))
			n.str, n.smap = nt.s, nt.m
		}
	}
}

// vscodeSettings adds to vals (as `config:NAME`) the string settings of
// the `.vscode/settings.json` beside the file, lent by the repository
// phase.
func (s *scan) vscodeSettings(vals map[string]string) {
	spec := makeIncludePrefix + path.Join(path.Dir(s.p.Path), "settings.json")
	s.p.Needs = append(s.p.Needs, spec)
	if s.p.Imports == nil {
		return
	}
	_, src, ok := s.p.Imports.Source(spec)
	if !ok {
		return
	}
	set, err := parseJSON(src)
	if err != nil {
		return
	}
	var read func(n *node, prefix string, depth int)
	read = func(n *node, prefix string, depth int) {
		if n == nil || n.kind != kindObject || depth > maxSettingsDepth {
			return
		}
		for i, k := range n.keys {
			v := n.vals[i]
			switch {
			case v.kind == kindScalar && v.isString:
				vals["config:"+prefix+k.str] = v.str
			case v.kind == kindObject:
				read(v, prefix+k.str+".", depth+1)
			}
		}
	}
	read(set, "", 0)
}
