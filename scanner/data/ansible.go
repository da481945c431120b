package data

import (
	"path"
	"regexp"
	"strings"
)

// Ansible (docs/data.md): a task's shell, command and raw modules run a
// command line on the managed host, script runs a repository script.

// isAnsible reports an Ansible playbook or task file by its name: a YAML
// file under a tasks/, handlers/ or playbooks/ folder, or named
// playbook*.yml or site.yml.
func isAnsible(rel string) bool {
	lower := strings.ToLower(path.Base(rel))
	ext := path.Ext(lower)
	if ext != ".yml" && ext != ".yaml" {
		return false
	}
	dir := "/" + path.Dir(rel) + "/"
	return strings.HasPrefix(lower, "playbook") || strings.TrimSuffix(lower, ext) == "site" ||
		strings.Contains(dir, "/tasks/") || strings.Contains(dir, "/handlers/") || strings.Contains(dir, "/playbooks/")
}

// ansibleModules are the modules that run a command, by their short
// name; true for those that run a POSIX shell command line (command is
// split into words by Ansible, read as shell it over-approximates),
// false for Windows ones (judged word by word like pwsh).
var ansibleModules = map[string]bool{
	"shell": true, "command": true, "raw": true, "script": true,
	"win_shell": false, "win_command": false,
}

// ansibleModule returns the short name of a module key
// (`ansible.builtin.shell` is shell) and whether it runs a command.
func ansibleModule(key string) (string, bool) {
	for _, p := range []string{"ansible.builtin.", "ansible.legacy.", "ansible.windows.", "community.windows."} {
		key = strings.TrimPrefix(key, p)
	}
	_, ok := ansibleModules[key]
	return key, ok
}

// ansibleKeys are keys that mark an object as an Ansible play or task
// when the file's name does not.
var ansibleKeys = map[string]bool{"hosts": true, "tasks": true, "block": true, "include_tasks": true, "import_tasks": true, "import_playbook": true}

// isAnsibleDoc reports a document shaped as a playbook or a task list: a
// top-level list of which an object has a play or task keyword or a
// module that runs a command.
func isAnsibleDoc(root *node) bool {
	if root == nil || root.kind != kindArray {
		return false
	}
	for _, e := range root.elems {
		if e.kind != kindObject {
			continue
		}
		for _, k := range e.keys {
			// command and script alone are generic command keys (an MCP
			// server list, CI scripts): they do not make a task list.
			if mod, ok := ansibleModule(k.str); ok && (mod != "command" && mod != "script" || mod != k.str) || ansibleKeys[k.str] {
				return true
			}
		}
	}
	return false
}

// roleTasksRE is the folder of a role's tasks or handlers.
var roleTasksRE = regexp.MustCompile(`(^|/)roles/[^/]+/(?:tasks|handlers)(/|$)`)

// roleScript maps the script a role's task runs by a plain relative path
// (`script: run.sh claude`) to the role's files/ folder, where Ansible
// looks for it first, so the repository phase can follow the script.
func (s *scan) roleScript(t text) text {
	lead := len(t.s) - len(strings.TrimLeft(t.s, " \t"))
	rest := t.s[lead:]
	if !roleTasksRE.MatchString(path.Dir(s.p.Path)+"/") || rest == "" ||
		strings.HasPrefix(rest, "/") || strings.HasPrefix(rest, "./") || strings.HasPrefix(rest, "../") || strings.HasPrefix(rest, "{{") {
		return t
	}
	var b builder
	b.addAt("../files/", t.fileOff(lead))
	for k := lead; k < len(t.s); k++ {
		b.add(t.s[k:k+1], t.fileOff(k))
	}
	return b.text(t.fileOff(len(t.s)))
}

// jinjaNameRE is a Jinja expression that reads a name (`{{ agent }}`,
// `{{ item.bin }}`, `{{ agent | default('x') }}`).
var jinjaNameRE = regexp.MustCompile(`^\{\{-?\s*([A-Za-z_][A-Za-z0-9_]*)`)

func jinjaName(expr string) string {
	if m := jinjaNameRE.FindStringSubmatch(expr); m != nil {
		return m[1]
	}
	return ""
}

// ansible scans every task of a playbook or task file (plays' tasks,
// pre_tasks, post_tasks and handlers, blocks, at any depth): a module
// that runs a command with a string (free form), with `cmd:`, or with
// `argv:` (an argv); the same in the task's `args:`. A `{{ ... }}` Jinja
// expression is an unknown part, dynamic when the name it reads is given
// a literal naming a runtime by a `vars:` or `set_fact:` of the file, by
// the task's `loop:`/`with_items:` (`item`), or when its text names a
// runtime. The task's `environment:` literal values are its environment.
func (s *scan) ansible(root *node) {
	values := newValueSet(nil)
	seen := map[*node]bool{}
	var collect func(n *node)
	collect = func(n *node) {
		if n == nil || seen[n] {
			return
		}
		seen[n] = true
		switch n.kind {
		case kindArray:
			for _, e := range n.elems {
				collect(e)
			}
		case kindObject:
			for i, k := range n.keys {
				if k.str == "vars" || k.str == "set_fact" || k.str == "ansible.builtin.set_fact" {
					if v := n.vals[i]; v.kind == kindObject {
						for j, vk := range v.keys {
							if vv := v.vals[j]; vv.kind == kindScalar && vv.isString {
								values.add(vk.str, vv.text())
							}
						}
					}
				}
				collect(n.vals[i])
			}
		}
	}
	collect(root)
	done := map[*node]bool{}
	var tasks func(n *node)
	tasks = func(n *node) {
		if n == nil || done[n] {
			return
		}
		done[n] = true
		switch n.kind {
		case kindArray:
			for _, e := range n.elems {
				tasks(e)
			}
		case kindObject:
			s.ansibleTask(n, values)
			for _, v := range n.vals {
				tasks(v)
			}
		}
	}
	tasks(root)
}

// ansibleTask scans one task's command modules.
func (s *scan) ansibleTask(task *node, global *valueSet) {
	if a := task.get("args"); a != nil && a.kind == kindArray {
		return // a program and its arguments (the generic command keys)
	}
	var env []envVar
	if e := task.get("environment"); e != nil && e.kind == kindObject {
		for i, k := range e.keys {
			if v := e.vals[i]; v.kind == kindScalar && v.isString && isEnvName(k.str) {
				env = append(env, envVar{name: k.str, val: v.text()})
			}
		}
	}
	values := global
	for _, lk := range []string{"loop", "with_items", "with_list"} {
		l := task.get(lk)
		if l == nil || l.kind != kindArray {
			continue
		}
		if values == global {
			values = newValueSet(global)
		}
		for _, e := range l.elems {
			switch e.kind {
			case kindScalar:
				values.add("item", e.text())
			case kindObject:
				for _, v := range e.vals {
					if v.kind == kindScalar {
						values.add("item", v.text())
					}
				}
			}
		}
	}
	for i, k := range task.keys {
		mod, ok := ansibleModule(k.str)
		if !ok {
			continue
		}
		v := task.vals[i]
		posix := ansibleModules[mod]
		line := func(t text) {
			if mod == "script" {
				t = s.roleScript(t)
			}
			cmd, sub := s.substitute(t, teraRE, jinjaName, values)
			if posix {
				s.shell(withEnv(cmd, append(append([]envVar(nil), env...), sub...)), "", nil)
			} else {
				s.powershell(cmd)
			}
		}
		argv := func(a *node) {
			var ws []word
			for _, e := range a.elems {
				w := scalarWord(e)
				if w.known && teraRE.MatchString(w.t.s) {
					w.known = false
				}
				ws = append(ws, w)
			}
			s.judge(ws, "")
		}
		params := v
		if v.kind == kindScalar && !v.isString || v.kind == kindScalar && strings.TrimSpace(v.str) == "" {
			params = task.get("args")
		}
		switch {
		case params == nil:
		case params.kind == kindScalar && params.isString:
			s.done[params] = true
			line(params.text())
		case params.kind == kindObject:
			if c := params.get("cmd"); c != nil && c.kind == kindScalar && c.isString {
				s.done[c] = true
				line(c.text())
			}
			if a := params.get("argv"); a != nil && a.kind == kindArray {
				argv(a)
			}
		}
	}
}
