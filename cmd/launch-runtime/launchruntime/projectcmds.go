package launchruntime

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
)

// projectSafeKeys are the top-level keys of a project or local settings
// layer known to run no command and start nothing at start-up. Every other
// key — hooks of any event, apiKeyHelper, statusLine and the rest of
// settingsCommands, plugins, MCP switches, and any key not known here —
// needs the operator's approval (deny by default): these files lie in the
// working tree, which a verified agent's program can write (Landlock
// cannot keep a sub-folder of it read-only), and the next, unverified
// session would run what it left there with no tool call.
var projectSafeKeys = map[string]bool{
	"$schema": true, "model": true, "env": true, // env: judged by checkClaudeLayers
	"permissions": true, "disableAllHooks": true, "allowManagedHooksOnly": true,
	"includeCoAuthoredBy": true, "alwaysThinkingEnabled": true, "respectGitignore": true,
	"cleanupPeriodDays": true, "outputStyle": true, "disabledMcpjsonServers": true,
}

// projectLayers are the project and local settings files of the launch
// folder, the project root above it and each --add-dir folder (judged
// whether or not Claude Code reads them: over-approximation).
func projectLayers(cwd string, addDirs []string) []string {
	dirs := []string{cwd}
	if root := projectRoot(cwd); root != "" && root != cwd {
		dirs = append(dirs, root)
	}
	for _, d := range addDirs {
		if !filepath.IsAbs(d) {
			d = filepath.Join(cwd, d)
		}
		dirs = append(dirs, d)
	}
	var out []string
	for _, d := range dirs {
		if d != "" {
			out = append(out, filepath.Join(d, ".claude", "settings.json"), filepath.Join(d, ".claude", "settings.local.json"))
		}
	}
	return out
}

// addDirArgs returns every value that may follow --add-dir (it takes
// several): each argument after it up to the next option.
func addDirArgs(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		name, v, inline := strings.Cut(args[i], "=")
		if name != "--add-dir" {
			continue
		}
		if inline {
			out = append(out, v)
		}
		for ; i+1 < len(args) && !strings.HasPrefix(args[i+1], "-"); i++ {
			out = append(out, args[i+1])
		}
	}
	return out
}

// projectCommand is one unapproved key in a project layer.
type projectCommand struct {
	path, key string
	value     any
}

// findProjectCommands lists, per layer, the keys outside projectSafeKeys.
// Under "hooks" each event counts, its entries being the gate's own hook
// (the exact command gate) left out. A layer that cannot be read refuses.
func findProjectCommands(paths []string, gate string) ([]projectCommand, error) {
	var out []projectCommand
	for _, p := range paths {
		s, err := readLayer(p)
		if err != nil {
			return nil, err
		}
		for _, k := range sortedKeys(s) {
			if projectSafeKeys[k] {
				continue
			}
			if k != "hooks" {
				out = append(out, projectCommand{p, k, s[k]})
				continue
			}
			hooks, ok := s[k].(map[string]any)
			if !ok {
				out = append(out, projectCommand{p, k, s[k]})
				continue
			}
			for _, ev := range sortedKeys(hooks) {
				if !onlyGateHooks(hooks[ev], gate) {
					out = append(out, projectCommand{p, "hooks." + ev, hooks[ev]})
				}
			}
		}
	}
	return out, nil
}

// onlyGateHooks is true when the event's groups hold nothing but hooks
// whose command is exactly the gate binary (with arguments).
func onlyGateHooks(v any, gate string) bool {
	groups, ok := v.([]any)
	if !ok {
		return false
	}
	for _, g := range groups {
		gm, _ := g.(map[string]any)
		hs, ok := gm["hooks"].([]any)
		if !ok {
			return false
		}
		for _, h := range hs {
			hm, _ := h.(map[string]any)
			cmd, _ := hm["command"].(string)
			if f := strings.Fields(cmd); len(f) == 0 || f[0] != gate {
				return false
			}
		}
	}
	return true
}

// projectCommandsDigest seals what was found: file, key and value of
// each, so an approval holds only for the commands the operator read.
func projectCommandsDigest(cmds []projectCommand) string {
	h := sha256.New()
	for _, c := range cmds {
		v, _ := json.Marshal(c.value) // map keys sorted: canonical
		fmt.Fprintf(h, "%s\x00%s\x00%s\n", c.path, c.key, v)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// checkProjectCommands refuses a launch whose project layers hold
// unapproved keys, unless approved is the digest of exactly what is there.
func checkProjectCommands(cmds []projectCommand, approved string) error {
	if len(cmds) == 0 {
		return nil
	}
	d := projectCommandsDigest(cmds)
	if approved == d {
		return nil
	}
	why := "which changed since the approval"
	if approved == "" {
		why = "unapproved"
	}
	var all []string
	for i, c := range cmds {
		if i == maxListedCommands {
			all = append(all, fmt.Sprintf("%d more", len(cmds)-i))
			break
		}
		all = append(all, fmt.Sprintf("%s %q", c.path, c.key))
	}
	return refuse(cmds[0].path, fmt.Sprintf("%q may run a command when Claude Code starts, outside the gate; project settings hold %s: %s; remove them, or read each one and relaunch with --approve-project-commands %s", cmds[0].key, why, strings.Join(all, ", "), d))
}

// maxListedCommands bounds the keys named in one refusal; the rest are counted.
const maxListedCommands = 8
