package data

import (
	"path"
	"regexp"
	"strings"
)

// tmux session files (docs/data.md): tmuxinator and tmuxp start a tmux
// session whose panes run commands, typed into a shell.

// isTmux reports a tmuxinator or tmuxp file by its name.
func isTmux(rel string) bool {
	lower := strings.ToLower(path.Base(rel))
	ext := path.Ext(lower)
	if ext != ".yml" && ext != ".yaml" {
		return false
	}
	dir := "/" + path.Dir(rel) + "/"
	return strings.HasPrefix(lower, ".tmuxinator.") || strings.HasPrefix(lower, ".tmuxp.") ||
		strings.Contains(dir, "/tmuxinator/") || strings.Contains(dir, "/.tmuxinator/") ||
		strings.Contains(dir, "/tmuxp/") || strings.Contains(dir, "/.tmuxp/")
}

// isTmuxDoc reports a YAML document shaped as a tmux session: top-level
// `windows:` with `root:`, `project_root:` or `session_name:`.
func isTmuxDoc(root *node) bool {
	if root == nil || root.kind != kindObject || root.get("windows") == nil {
		return false
	}
	return root.get("root") != nil || root.get("project_root") != nil || root.get("session_name") != nil
}

// erbRE is an ERB tag of tmuxinator (`<%= @args[0] %>`).
var erbRE = regexp.MustCompile(`<%.*?%>`)

var (
	// tmuxSessionCmds are a session's command keys (tmuxinator hooks,
	// tmuxp's shell_command_before).
	tmuxSessionCmds = map[string]bool{
		"pre": true, "pre_window": true, "post": true, "on_project_start": true, "on_project_first_start": true,
		"on_project_restart": true, "on_project_exit": true, "on_project_stop": true,
		"shell_command": true, "shell_command_before": true,
	}
	// tmuxWindowData are window keys that hold no command; any other
	// key's string or list of strings is commands (tmuxinator's window
	// `pre`, tmuxp's shell_command_before and window_shell).
	tmuxWindowData = map[string]bool{
		"window_name": true, "layout": true, "start_directory": true, "options": true, "options_after": true,
		"focus": true, "environment": true, "window_index": true, "suppress_history": true, "root": true,
		"synchronize": true, "panes": true,
	}
	// tmuxPaneData are pane keys that hold no command; any other key is
	// tmuxp's shell_command or a tmuxinator named pane's commands.
	tmuxPaneData = map[string]bool{
		"focus": true, "start_directory": true, "environment": true, "suppress_history": true,
		"sleep_before": true, "sleep_after": true, "enter": true,
	}
)

// tmux scans a tmuxinator or tmuxp session: the session's hooks (pre,
// pre_window, on_project_*) and shell_command_before, each window's
// command (tmuxinator `- NAME: command`), its pre and
// shell_command_before, and its panes: a string, a list of strings, or
// an object (tmuxp's shell_command, a tmuxinator named pane). Each is a
// command line typed into the pane's shell. `environment:` literal
// values of the session and the window are the commands' environment;
// an ERB tag is an unknown part.
func (s *scan) tmux(root *node) {
	env := tmuxEnv(root.get("environment"), nil)
	cmds := func(v *node, env []envVar) {
		for _, it := range v.items() {
			if it.kind == kindScalar && it.isString {
				cmd, sub := s.substitute(it.text(), erbRE, nil, nil)
				s.shell(withEnv(cmd, append(append([]envVar(nil), env...), sub...)), "", nil)
			}
		}
	}
	for i, k := range root.keys {
		if tmuxSessionCmds[k.str] {
			cmds(root.vals[i], env)
		}
	}
	panes := func(ps *node, env []envVar) {
		if ps == nil || ps.kind != kindArray {
			return
		}
		for _, p := range ps.elems {
			switch p.kind {
			case kindScalar, kindArray:
				cmds(p, env)
			case kindObject:
				penv := tmuxEnv(p.get("environment"), env)
				for i, k := range p.keys {
					if !tmuxPaneData[k.str] {
						cmds(p.vals[i], penv)
					}
				}
			}
		}
	}
	ws := root.get("windows")
	if ws == nil || ws.kind != kindArray {
		return
	}
	for _, w := range ws.elems {
		if w.kind != kindObject {
			continue
		}
		if w.get("window_name") != nil || w.get("panes") != nil {
			// tmuxp: the window's own keys
			wenv := tmuxEnv(w.get("environment"), env)
			for i, k := range w.keys {
				if !tmuxWindowData[k.str] {
					cmds(w.vals[i], wenv)
				}
			}
			panes(w.get("panes"), wenv)
			continue
		}
		// tmuxinator: `- NAME: command`, `- NAME: [commands]` or
		// `- NAME: {layout, panes, pre, root}`
		for _, v := range w.vals {
			switch v.kind {
			case kindScalar, kindArray:
				cmds(v, env)
			case kindObject:
				for i, k := range v.keys {
					if !tmuxWindowData[k.str] {
						cmds(v.vals[i], env)
					}
				}
				panes(v.get("panes"), env)
			}
		}
	}
}

// tmuxEnv adds an `environment:` map's literal values to env.
func tmuxEnv(n *node, env []envVar) []envVar {
	out := append([]envVar(nil), env...)
	if n == nil || n.kind != kindObject {
		return out
	}
	for i, k := range n.keys {
		if v := n.vals[i]; v.kind == kindScalar && isEnvName(k.str) {
			out = append(out, envVar{name: k.str, val: v.text()})
		}
	}
	return out
}
