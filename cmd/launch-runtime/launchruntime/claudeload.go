package launchruntime

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
)

// Claude Code validates each settings file as a whole: one top-level value
// of the wrong type (a number for "model", a string for
// "permissions.allow", an unknown "defaultMode") and it drops the entire
// file — the gate's hooks with it — prints a warning, and runs on without
// them (measured on the pinned 2.1.328, e2e.TestClaudeDropsSettingsAsChecked).
// Hook entries are judged one by one instead: a malformed user hook is
// ignored alone and the gate's hooks in the same file stay.
//
// The gate's own settings must therefore never share a file with a value
// Claude Code would reject. claudeKeys lists the top-level keys whose
// values launch-runtime checks as Claude Code does; the check is the same
// as Claude Code's for these keys and nothing more.

// valueKind is what Claude Code accepts for one settings key.
type valueKind struct {
	name  string // for messages: "a string", "true or false", ...
	check func(v any) bool
}

var (
	kindString = valueKind{"a string", func(v any) bool { _, ok := v.(string); return ok }}
	kindBool   = valueKind{"true or false", func(v any) bool { _, ok := v.(bool); return ok }}
	kindObject = valueKind{"an object", func(v any) bool { _, ok := v.(map[string]any); return ok }}
	kindArray  = valueKind{"a list", func(v any) bool { _, ok := v.([]any); return ok }}
	kindPosInt = valueKind{"a whole number above 0", isPositiveInt}
	// kindAny is a key whose bad value Claude Code drops alone, keeping
	// the rest of the file.
	kindAny = valueKind{"anything", func(any) bool { return true }}
)

func isPositiveInt(v any) bool {
	n, ok := v.(json.Number)
	if !ok {
		return false
	}
	i, err := n.Int64()
	return err == nil && i > 0
}

// permissionModes are the values Claude Code accepts for
// permissions.defaultMode.
var permissionModes = []string{"acceptEdits", "auto", "bypassPermissions", "default", "dontAsk", "plan"}

// claudeKeys are the top-level settings keys launch-runtime checks.
var claudeKeys = map[string]valueKind{
	"model":                      kindString,
	"env":                        kindObject,
	"permissions":                kindObject, // and its members, below
	"hooks":                      kindAny,    // a bad value or entry is ignored alone; the gate's hooks are rebuilt around it
	"disableAllHooks":            kindBool,
	"allowManagedHooksOnly":      kindBool,
	"includeCoAuthoredBy":        kindBool,
	"enableAllProjectMcpServers": kindBool,
	"alwaysThinkingEnabled":      kindBool,
	"respectGitignore":           kindBool,
	"cleanupPeriodDays":          kindPosInt,
	"apiKeyHelper":               kindString,
	"outputStyle":                kindString,
	"statusLine":                 kindObject,
	"enabledPlugins":             kindObject,
	"enabledMcpjsonServers":      kindAny,
	"disabledMcpjsonServers":     kindAny,
}

// settingsDropReason returns why Claude Code would drop the whole settings
// file s, judged on the keys in claudeKeys, or "" when none of them would
// make it. Keys it does not know are not judged (see knownKeysOnly).
func settingsDropReason(s map[string]any) string {
	for _, k := range sortedKeys(s) {
		kind, ok := claudeKeys[k]
		if !ok {
			continue
		}
		if !kind.check(s[k]) {
			return fmt.Sprintf("%q must be %s", k, kind.name)
		}
	}
	p, _ := s["permissions"].(map[string]any)
	for _, k := range []string{"allow", "deny", "ask", "additionalDirectories"} {
		if v, ok := p[k]; ok && !kindArray.check(v) {
			return fmt.Sprintf("%q must be %s", "permissions."+k, kindArray.name)
		}
	}
	if v, ok := p["defaultMode"]; ok {
		if m, isStr := v.(string); !isStr || !slices.Contains(permissionModes, m) {
			return fmt.Sprintf("\"permissions.defaultMode\" must be one of %v", permissionModes)
		}
	}
	return ""
}

// knownKeysOnly returns the first key of s (in sorted order) that
// settingsDropReason does not judge, or "".
func knownKeysOnly(s map[string]any) string {
	for _, k := range sortedKeys(s) {
		if _, ok := claudeKeys[k]; !ok {
			return k
		}
	}
	return ""
}

func sortedKeys(s map[string]any) []string { return slices.Sorted(maps.Keys(s)) }
