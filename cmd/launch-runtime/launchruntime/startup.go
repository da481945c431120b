package launchruntime

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// maxStartupItems bounds the inventory sent with one registration; the
// rest is counted in a last line, never dropped silently.
const maxStartupItems = 256

// claudeStartup lists what a Claude Code session will start outside any
// tool call, as found at launch: MCP servers (~/.claude.json, its entry
// for the launch folder, the project's .mcp.json), enabled plugins and
// the hooks of every settings layer (the gate's own left out). The broker
// records each as a session.startup audit record, so an operator sees
// what changed between sessions. Files that cannot be read are named.
func claudeStartup(home, configDir, cwd string, layers []string, extra [][]byte) []string {
	var out []string
	add := func(s string) { out = append(out, s) }
	claudeJSON := ""
	switch {
	case configDir != "":
		claudeJSON = filepath.Join(configDir, ".claude.json")
	case home != "":
		claudeJSON = filepath.Join(home, ".claude.json")
	}
	if claudeJSON != "" {
		if m, err := readJSONObject(claudeJSON); err != nil {
			add(fmt.Sprintf("unreadable %s: %v", claudeJSON, err))
		} else {
			mcpServers(claudeJSON, m["mcpServers"], add)
			if projects, ok := m["projects"].(map[string]any); ok {
				if p, ok := projects[cwd].(map[string]any); ok {
					mcpServers(claudeJSON+" projects["+cwd+"]", p["mcpServers"], add)
				}
			}
		}
	}
	if cwd != "" {
		f := filepath.Join(cwd, ".mcp.json")
		if m, err := readJSONObject(f); err != nil {
			add(fmt.Sprintf("unreadable %s: %v", f, err))
		} else {
			mcpServers(f, m["mcpServers"], add)
		}
	}
	judge := func(src string, s map[string]any) {
		if p, ok := s["enabledPlugins"].(map[string]any); ok {
			for _, k := range sortedKeys(p) {
				if p[k] != false {
					add(fmt.Sprintf("plugin %s (%s)", k, src))
				}
			}
		}
		for _, k := range settingsCommands {
			cmd, _ := s[k].(string)
			if o, ok := s[k].(map[string]any); ok {
				cmd, _ = o["command"].(string)
			}
			if cmd != "" {
				add(fmt.Sprintf("command %s: %s (%s)", k, cmd, src))
			}
		}
		hooks, _ := s["hooks"].(map[string]any)
		for _, ev := range sortedKeys(hooks) {
			groups, _ := hooks[ev].([]any)
			for _, g := range groups {
				gm, _ := g.(map[string]any)
				hs, _ := gm["hooks"].([]any)
				for _, h := range hs {
					if isGateHook(h) {
						continue
					}
					hm, _ := h.(map[string]any)
					cmd, _ := hm["command"].(string)
					add(fmt.Sprintf("hook %s: %s (%s)", ev, cmd, src))
				}
			}
		}
	}
	for _, f := range layers {
		s, err := readJSONObject(f)
		if err != nil {
			add(fmt.Sprintf("unreadable %s: %v", f, err))
			continue
		}
		judge(f, s)
	}
	for _, b := range extra {
		if s, err := parseSettings(b); err == nil {
			judge("--settings", s)
		}
	}
	return bound(out)
}

// settingsCommands are the pinned Claude Code's settings keys whose value
// is a shell command it runs by itself, outside any tool call (a string,
// or an object with a "command"): a project-local apiKeyHelper ran at the
// start of a wrapped session and was not in the inventory.
var settingsCommands = []string{
	"apiKeyHelper", "awsAuthRefresh", "awsCredentialExport", "gcpAuthRefresh",
	"otelHeadersHelper", "statusLine", "subagentStatusLine", "fileSuggestion",
}

// piStartup lists the extensions a wrapped Pi session loads besides the
// gate: launch-runtime turns discovery off, so only the user's -e values.
func piStartup(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		if (a == "-e" || a == "--extension") && i+1 < len(args) {
			i++
			out = append(out, "extension "+args[i])
		} else if v, ok := strings.CutPrefix(a, "--extension="); ok {
			out = append(out, "extension "+v)
		}
	}
	return bound(out)
}

// bound makes each item one line and caps the list.
func bound(items []string) []string {
	for i, it := range items {
		items[i] = strings.Map(func(r rune) rune {
			if r < 0x20 || r == 0x7f {
				return ' '
			}
			return r
		}, it)
	}
	if len(items) > maxStartupItems {
		n := len(items) - maxStartupItems
		items = append(slices.Clip(items[:maxStartupItems]), fmt.Sprintf("%d more start-up items not listed (limit %d)", n, maxStartupItems))
	}
	return items
}

func mcpServers(src string, v any, add func(string)) {
	m, _ := v.(map[string]any)
	for _, name := range sortedKeys(m) {
		srv, _ := m[name].(map[string]any)
		what := ""
		if c, ok := srv["command"].(string); ok {
			what = c
			if args, ok := srv["args"].([]any); ok {
				for _, a := range args {
					what += " " + fmt.Sprint(a)
				}
			}
		} else if u, ok := srv["url"].(string); ok {
			what = u
		}
		add(fmt.Sprintf("mcp %s: %s (%s)", name, what, src))
	}
}

// readJSONObject reads a JSON object file; a missing file is empty.
func readJSONObject(path string) (map[string]any, error) {
	data, err := readBounded(path)
	if os.IsNotExist(err) {
		return map[string]any{}, nil
	}
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	return m, nil
}
