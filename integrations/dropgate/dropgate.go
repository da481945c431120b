// Package dropgate is the one model of "a runtime launch that drops the
// gate": the Claude Code and Pi arguments, settings and environment names
// that switch the gate's hook or extension off, take the permission system
// out, or change what the runtime starts on its next launch.
//
// launch-runtime refuses a launch the model names (exit 2), and the
// policy's runtime-launch rule denies a Bash command that would start one,
// so a verified agent cannot start an ungated agent that outlives its
// lease. The facts are those of the pinned clients (Claude Code 2.1.328,
// Pi 0.73.1); e2e tests check them against the real binaries.
//
// The model over-approximates: where the clients read a family of names
// broadly (Claude Code reads well over a thousand environment names, and
// applies settings "env" to itself), only names known harmless pass.
package dropgate

import (
	"encoding/json"
	"slices"
	"strings"
)

// Finding is one reason a launch drops the gate.
type Finding struct {
	Arg    string // the argument, setting key or environment name
	Reason string
}

func (f Finding) String() string { return f.Arg + ": " + f.Reason }

// Mode says where the gate of the launch being judged lives.
type Mode int

const (
	// Wrapped: launch-runtime starts the runtime and passes the gate's
	// own --settings file (Claude) or -ne -e gate.ts (Pi). --settings
	// values are the user's, to be merged; --setting-sources keeps the
	// --settings layer.
	Wrapped Mode = iota + 1
	// Nested: a command an agent runs. The gate is what `install` put in
	// the user's (or managed) settings and Pi's extension folder, plus
	// the session identity inherited from the parent; anything that
	// leaves a settings layer out or turns extensions off drops it.
	Nested
)

// claudeFlags are Claude Code flags that switch hooks or permissions off,
// replace the managed layer, or move the session away from the process
// the broker anchored on. Claude Code looks for "--bare" anywhere in its
// raw arguments, so these count wherever they appear.
var claudeFlags = map[string]string{
	"--bare":                               "turns every settings hook off (CLAUDE_CODE_SIMPLE=1)",
	"--safe-mode":                          "turns every settings hook off (CLAUDE_CODE_SAFE_MODE=1)",
	"--dangerously-skip-permissions":       "is the raw permission bypass; ask launch-runtime for --dangerous instead", // check-launches: inert the model names the flag in order to refuse it
	"--allow-dangerously-skip-permissions": "is the raw permission bypass; ask launch-runtime for --dangerous instead", // check-launches: inert the model names the flag in order to refuse it
	"--managed-settings":                   "replaces the managed settings layer, which outranks the gate's settings",
	"--bg":                                 "runs the session in the background, away from the process the broker anchored on",
	"--background":                         "runs the session in the background, away from the process the broker anchored on",
}

// ClaudeFlag reports whether name (a "--flag", without "=value") is one of
// the flags that drop the gate wherever they appear, and why.
func ClaudeFlag(name string) (string, bool) {
	r, ok := claudeFlags[name]
	return r, ok
}

// claudeSubcommands are the pinned Claude Code's command words (its
// command table) that write configuration read at the next start: MCP
// servers, plugins and marketplaces, installs and updates, auth, trust,
// sandbox, hooks and permission editors. A Claude prompt is free text, so
// a one-word prompt equal to one of them counts too (over-approximation).
var claudeSubcommands = []string{
	"add", "add-from-claude-desktop", "add-json", "agents", "auth", "config", "configure",
	"disable", "edit-chrome-settings", "edit-hook", "edit-memory-settings",
	"edit-permission-rules", "edit-sandbox-settings", "edit-skill-overrides", "enable",
	"gateway", "import", "import-conversations", "install", "login", "logout", "marketplace",
	"mcp", "migrate-installer", "plugin", "plugins", "project", "prune", "purge", "remote-control",
	"remove", "reset-project-choices", "restore-set-aside", "sandbox", "setup", "setup-token",
	"uninstall", "update", "upgrade", "workspace-trust", "worktree-hook",
}

// piSubcommands are the pinned Pi's package commands: they add or remove
// extensions and packages that Pi loads at every start.
var piSubcommands = []string{"config", "install", "remove", "uninstall", "update"}

// claudeValueFlags are Claude Code options that take a value, so the
// value is not taken for a command word.
var claudeValueFlags = []string{
	"--add-dir", "--agent", "--agents", "--allowedTools", "--allowed-tools", "--append-system-prompt",
	"--append-system-prompt-file", "--betas", "--debug-file", "--disallowedTools", "--disallowed-tools",
	"--fallback-model", "--file", "--input-format", "--json-schema", "--max-budget-usd", "--max-turns",
	"--mcp-config", "--model", "--output-format", "--permission-mode", "--permission-prompt-tool",
	"--plugin-dir", "--resume", "-r", "--session-id", "--setting-sources", "--settings",
	"--system-prompt", "--system-prompt-file", "--tools", "--autocompact", "--name",
}

// ClaudeArgs judges Claude Code's arguments (without the program name).
// In Wrapped mode, --settings values are left to the caller (they are
// merged into the gate's file and judged with Settings there); configDir
// says the user layer is an isolated --config-dir, which --setting-sources
// must keep. In Nested mode an inline --settings value is judged here and
// a file value is a finding (it can change between now and the launch).
func ClaudeArgs(args []string, mode Mode, configDir bool) []Finding {
	var out []Finding
	for _, a := range args {
		name, inline, hasInline := strings.Cut(a, "=")
		if why, bad := claudeFlags[name]; bad {
			out = append(out, Finding{name, why})
			continue
		}
		if vname, _, _ := strings.Cut(inline, "="); hasInline {
			if why, bad := claudeFlags[vname]; bad {
				out = append(out, Finding{vname, why})
			}
		}
	}
	first := true
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, inline, hasInline := strings.Cut(a, "=")
		if !strings.HasPrefix(a, "--") {
			name, hasInline = a, false
		}
		val := func() (string, bool) {
			if hasInline {
				return inline, true
			}
			if i+1 >= len(args) {
				return "", false
			}
			i++
			return args[i], true
		}
		switch {
		case name == "--permission-mode":
			if v, ok := val(); ok && strings.EqualFold(strings.TrimSpace(v), "bypassPermissions") {
				out = append(out, Finding{"--permission-mode " + v, "is the raw permission bypass; ask launch-runtime for --dangerous instead"})
			}
		case name == "--setting-sources":
			v, _ := val()
			switch {
			case mode == Nested:
				out = append(out, Finding{"--setting-sources " + v, "chooses which settings layers load; the installed gate lives in one of them"})
			case configDir && !hasSource(v, "user"):
				out = append(out, Finding{"--setting-sources " + v, "leaves out the user settings of --config-dir, which hold the gate"})
			}
		case name == "--settings":
			v, _ := val()
			if mode == Nested {
				out = append(out, nestedSettings(v)...)
			}
		case name == "--":
			if first && i+1 < len(args) && slices.Contains(claudeSubcommands, args[i+1]) {
				out = append(out, subcommandFinding("claude", args[i+1]))
			}
			i = len(args)
		case strings.HasPrefix(a, "-"):
			if !hasInline && slices.Contains(claudeValueFlags, name) {
				i++
			}
		default:
			if first && slices.Contains(claudeSubcommands, a) {
				out = append(out, subcommandFinding("claude", a))
			}
			first = false
		}
	}
	return out
}

func subcommandFinding(prog, sub string) Finding {
	return Finding{prog + " " + sub, "changes what " + prog + " loads or starts at its next launch (MCP servers, plugins, packages, settings)"}
}

func nestedSettings(v string) []Finding {
	t := strings.TrimSpace(v)
	if !strings.HasPrefix(t, "{") {
		return []Finding{{"--settings " + v, "names a settings file, which can change before the runtime reads it; only inline settings can be judged"}}
	}
	var s map[string]any
	if err := json.Unmarshal([]byte(t), &s); err != nil || s == nil {
		return []Finding{{"--settings " + v, "is not one JSON object, so it cannot be judged"}}
	}
	fs := Settings(s)
	for i := range fs {
		fs[i].Arg = "--settings " + fs[i].Arg
	}
	return fs
}

func hasSource(list, want string) bool {
	for _, s := range strings.Split(list, ",") {
		if strings.TrimSpace(s) == want {
			return true
		}
	}
	return false
}

// Settings judges one Claude Code settings object (a layer or a --settings
// value): keys that switch hooks or permissions off, and "env" names that
// are not known harmless.
func Settings(s map[string]any) []Finding {
	var out []Finding
	if v, ok := s["disableAllHooks"]; ok && v != false {
		out = append(out, Finding{"disableAllHooks", "turns every hook off, the gate's included"})
	}
	if v, ok := s["allowManagedHooksOnly"]; ok && v != false {
		out = append(out, Finding{"allowManagedHooksOnly", "drops every hook outside the managed layer, the gate's included"})
	}
	if p, ok := s["permissions"].(map[string]any); ok {
		if m, ok := p["defaultMode"].(string); ok && strings.EqualFold(m, "bypassPermissions") {
			out = append(out, Finding{"permissions.defaultMode", "is bypassPermissions; ask launch-runtime for --dangerous instead"})
		}
	}
	return append(out, SettingsEnv(s["env"])...)
}

// SettingsEnv judges a settings "env" value. Claude Code applies it to its
// own process after the wrapper scrubbed the environment, so each name
// must be known harmless (SettingsEnvName).
func SettingsEnv(env any) []Finding {
	if env == nil {
		return nil
	}
	m, ok := env.(map[string]any)
	if !ok {
		return []Finding{{"env", "is not an object, so its names cannot be judged"}}
	}
	var out []Finding
	for _, k := range sortedKeys(m) {
		if why, bad := SettingsEnvName(k); bad {
			out = append(out, Finding{"env." + k, why})
		}
	}
	return out
}

func sortedKeys(m map[string]any) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// claudeEnvDrops are environment names the pinned Claude Code reads that
// turn hooks or settings layers off, redirect them, or drop the permission
// checks (found in its binary; e2e.TestClaudeEnvNamesInBinary keeps the
// list honest). They are refused with this reason; any other name outside
// settingsEnvHarmless is refused as unknown.
var claudeEnvDrops = map[string]string{
	"CLAUDE_CODE_SIMPLE":                                 "turns every settings hook off (what --bare sets)",
	"CLAUDE_CODE_SAFE_MODE":                              "turns every settings hook off (what --safe-mode sets)",
	"CLAUDE_CODE_PERSONAL_HOOKS_OFF":                     "turns the user's and project's hooks off",
	"CLAUDE_CODE_RESTRICT_PERSONAL_CONFIG":               "limits what the user's own settings may run, the gate's hook included",
	"CLAUDE_CODE_MANAGED_SETTINGS_PATH":                  "replaces the managed settings layer",
	"CLAUDE_CODE_DISABLE_ADMIN_ENV_UNION":                "changes how the managed layer's env is merged",
	"CLAUDE_CODE_REMOTE_SETTINGS_PATH":                   "loads a remote settings layer from another file",
	"CLAUDE_CODE_MOCK_REMOTE_SETTINGS":                   "fakes the remote settings layer",
	"CLAUDE_CODE_HOST_OWNED_CONFIG_DIR":                  "moves the configuration folder",
	"CLAUDE_CONFIG_DIR":                                  "moves the user settings layer, which holds the installed gate",
	"ANTHROPIC_CONFIG_DIR":                               "moves the configuration folder",
	"CLAUDE_SECURESTORAGE_CONFIG_DIR":                    "moves the configuration folder",
	"CLAUDE_CODE_PLUGIN_DIRS":                            "loads plugins (hooks, MCP servers) from other folders",
	"CLAUDE_CODE_EVEN_MORE_DANGEROUSLY_SKIP_PERMISSIONS": "drops permission checks",
	"CLAUDE_CODE_ENABLE_FUNCTION_HOOKS":                  "changes how hooks run",
	"CLAUDE_CODE_HOOKS_SAME_THREAD":                      "changes how hooks run",
	"CLAUDE_CODE_DISABLE_HOOK_FORWARDING":                "changes how hooks are forwarded",
}

// settingsEnvDrops are names that are ordinary in a process environment
// but, set from a settings file, move every user layer or change what the
// hooks run.
var settingsEnvDrops = map[string]string{
	"HOME":            "moves every user settings layer",
	"XDG_CONFIG_HOME": "moves configuration folders",
	"PATH":            "changes which programs the hooks and tools run",
	"NODE_OPTIONS":    "loads code into the runtime's node processes",
}

// settingsEnvHarmless are the settings "env" names known not to touch
// hooks, settings layers, plugins or permissions: the model, its
// endpoint and credentials, timeouts and output sizes, proxies, and the
// switches that turn Claude Code's own traffic off.
var settingsEnvHarmless = []string{
	"ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "ANTHROPIC_BASE_URL", "ANTHROPIC_CUSTOM_HEADERS",
	"ANTHROPIC_DEFAULT_HAIKU_MODEL", "ANTHROPIC_DEFAULT_OPUS_MODEL", "ANTHROPIC_DEFAULT_SONNET_MODEL",
	"ANTHROPIC_MODEL", "ANTHROPIC_SMALL_FAST_MODEL", "API_TIMEOUT_MS",
	"AWS_PROFILE", "AWS_REGION", "BASH_DEFAULT_TIMEOUT_MS", "BASH_MAX_OUTPUT_LENGTH", "BASH_MAX_TIMEOUT_MS",
	"CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC",
	"CLAUDE_CODE_DISABLE_TERMINAL_TITLE", "CLAUDE_CODE_MAX_OUTPUT_TOKENS", "CLAUDE_CODE_USE_BEDROCK",
	"CLAUDE_CODE_USE_VERTEX", "CLOUD_ML_REGION", "DISABLE_AUTOUPDATER", "DISABLE_BUG_COMMAND",
	"DISABLE_COST_WARNINGS", "DISABLE_ERROR_REPORTING", "DISABLE_NON_ESSENTIAL_MODEL_CALLS",
	"DISABLE_TELEMETRY", "HTTP_PROXY", "HTTPS_PROXY", "MAX_MCP_OUTPUT_TOKENS", "MAX_THINKING_TOKENS",
	"MCP_TIMEOUT", "MCP_TOOL_TIMEOUT", "NO_PROXY", "http_proxy", "https_proxy", "no_proxy",
}

// SettingsEnvName judges one settings "env" name: LEASEGATE_* and the
// names that drop the gate are refused with their reason, and so is every
// name not known harmless (Claude Code reads names broadly).
func SettingsEnvName(name string) (string, bool) {
	if strings.HasPrefix(name, "LEASEGATE_") {
		return "is leasegate's own; the runtime's settings may not set or redirect it", true
	}
	if why, bad := claudeEnvDrops[name]; bad {
		return why, true
	}
	if why, bad := settingsEnvDrops[name]; bad {
		return why, true
	}
	if slices.Contains(settingsEnvHarmless, name) {
		return "", false
	}
	return "is not a name known harmless to the gate (Claude Code applies settings env to itself and reads over a thousand names); set it in the environment launch-runtime starts from instead", true
}

// piEnvDrops are the environment names that move Pi's agent folder, where
// the installed gate extension lives.
var piEnvDrops = map[string]string{
	"PI_CODING_AGENT_DIR": "moves Pi's agent folder, which holds the installed gate extension",
	"PI_PACKAGE_DIR":      "moves the folder Pi loads its own package from",
}

// ProcessEnvName reports whether setting name in the environment of a
// nested runtime launch drops the gate, and why: LEASEGATE_*, the Claude
// Code names that turn hooks or settings layers off, and Pi's folders.
// The process environment cannot be judged by an allowlist (it carries
// everything a shell has), so this is the named set.
func ProcessEnvName(name string) (string, bool) {
	if strings.HasPrefix(name, "LEASEGATE_") {
		return "is leasegate's own session identity or socket", true
	}
	if why, bad := claudeEnvDrops[name]; bad {
		return why, true
	}
	if why, bad := piEnvDrops[name]; bad {
		return why, true
	}
	return "", false
}

// ClaudeScrubbedEnv are the names launch-runtime removes from Claude
// Code's environment before it starts (CLAUDE_CONFIG_DIR is put back from
// --config-dir, if given).
func ClaudeScrubbedEnv() []string {
	out := make([]string, 0, len(claudeEnvDrops))
	for k := range claudeEnvDrops {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// PiArgs judges Pi's arguments (without the program name). In Wrapped
// mode launch-runtime puts -ne -e gate.ts first itself; a user's -ne is
// harmless there. In Nested mode -ne (--no-extensions) drops the
// installed gate extension.
func PiArgs(args []string, mode Mode) []Finding {
	var out []Finding
	for i, a := range args {
		if a == "--" {
			break
		}
		if mode == Nested && (a == "-ne" || a == "--no-extensions") {
			out = append(out, Finding{a, "turns extension discovery off, which drops the installed gate extension"})
		}
		if i == 0 && slices.Contains(piSubcommands, a) {
			out = append(out, subcommandFinding("pi", a))
		}
	}
	return out
}

// Runtime names the runtime that word starts ("claude" or "pi"), or "".
// It knows the commands' names and their npm packages (node
// .../claude-code/cli.js, npx @anthropic-ai/claude-code, the native
// binary of a platform package).
func Runtime(word string) string {
	base := word
	if i := strings.LastIndexByte(base, '/'); i >= 0 {
		base = base[i+1:]
	}
	switch {
	case base == "claude" || base == "claude.exe" || strings.Contains(word, "claude-code"):
		return "claude"
	case base == "pi" || strings.Contains(word, "pi-coding-agent"):
		return "pi"
	}
	return ""
}

// Args judges the arguments of runtime rt ("claude" or "pi") in mode.
func Args(rt string, args []string, mode Mode) []Finding {
	switch rt {
	case "claude":
		return ClaudeArgs(args, mode, false)
	case "pi":
		return PiArgs(args, mode)
	}
	return nil
}

// Join renders findings for one message.
func Join(fs []Finding) string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = f.String()
	}
	return strings.Join(parts, "; ")
}
