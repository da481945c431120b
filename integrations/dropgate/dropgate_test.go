package dropgate

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestClaudeArgs(t *testing.T) {
	rows := []struct {
		args      []string
		mode      Mode
		configDir bool
		want      string // substring of the first finding's Arg; "" for none
	}{
		{[]string{"-p", "hi"}, Nested, false, ""},
		{[]string{"-p", "hi"}, Wrapped, false, ""},
		{[]string{"--bare", "-p", "hi"}, Nested, false, "--bare"},
		{[]string{"-p", "--bare"}, Wrapped, false, "--bare"},
		{[]string{"--append-system-prompt=--bare"}, Wrapped, false, "--bare"},
		{[]string{"--safe-mode"}, Wrapped, false, "--safe-mode"},
		{[]string{"--dangerously-skip-permissions"}, Nested, false, "--dangerously-skip-permissions"}, // check-launches: inert model test input
		{[]string{"--permission-mode", "bypassPermissions"}, Nested, false, "--permission-mode"},      // check-launches: inert model test input
		{[]string{"--permission-mode=BypassPermissions"}, Wrapped, false, "--permission-mode"},
		{[]string{"--permission-mode", "plan"}, Nested, false, ""},
		{[]string{"--setting-sources", "project"}, Nested, false, "--setting-sources"},
		{[]string{"--setting-sources", "user,project"}, Nested, false, "--setting-sources"},
		{[]string{"--setting-sources", "project"}, Wrapped, false, ""},
		{[]string{"--setting-sources", "project"}, Wrapped, true, "--setting-sources"},
		{[]string{"--setting-sources=user,project"}, Wrapped, true, ""},
		{[]string{"--settings", `{"disableAllHooks":true}`}, Nested, false, "--settings disableAllHooks"},
		{[]string{"--settings", `{"disableAllHooks":true}`}, Wrapped, false, ""}, // judged by the caller after merging
		{[]string{"--settings", `{"env":{"CLAUDE_CODE_SIMPLE":"1"}}`}, Nested, false, "--settings env.CLAUDE_CODE_SIMPLE"},
		{[]string{"--settings", `{"model":"x"}`}, Nested, false, ""},
		{[]string{"--settings", "/tmp/s.json"}, Nested, false, "--settings /tmp/s.json"},
		{[]string{"--settings", "{not json"}, Nested, false, "--settings {not json"},
		{[]string{"mcp", "add", "x", "--", "sh"}, Nested, false, "claude mcp"},
		{[]string{"--model", "m", "plugin", "install", "p"}, Nested, false, "claude plugin"},
		{[]string{"--", "install"}, Wrapped, false, "claude install"},
		{[]string{"-p", "mcp"}, Nested, false, "claude mcp"}, // a one-word prompt equal to a command word counts
		{[]string{"-p", "fix the mcp config"}, Nested, false, ""},
		{[]string{"--model", "mcp", "-p", "hi"}, Nested, false, ""}, // a value, not a command word
		{[]string{"-p", "hi", "mcp"}, Nested, false, ""},            // only the first positional is a command word
	}
	for _, r := range rows {
		got := ClaudeArgs(r.args, r.mode, r.configDir)
		if r.want == "" {
			assert.Empty(t, got, "%q mode %d", r.args, r.mode)
			continue
		}
		if assert.NotEmpty(t, got, "%q mode %d", r.args, r.mode) {
			assert.Contains(t, got[0].Arg, r.want, "%q mode %d: %v", r.args, r.mode, got)
			assert.NotEmpty(t, got[0].Reason)
		}
	}
}

func TestSettings(t *testing.T) {
	rows := []struct {
		json string
		want []string // finding Args
	}{
		{`{}`, nil},
		{`{"model":"m","env":{"ANTHROPIC_MODEL":"x","DISABLE_TELEMETRY":"1"}}`, nil},
		{`{"disableAllHooks":false}`, nil},
		{`{"disableAllHooks":true}`, []string{"disableAllHooks"}},
		{`{"disableAllHooks":"yes"}`, []string{"disableAllHooks"}},
		{`{"allowManagedHooksOnly":true}`, []string{"allowManagedHooksOnly"}},
		{`{"permissions":{"defaultMode":"bypassPermissions"}}`, []string{"permissions.defaultMode"}}, // check-launches: inert model test input
		{`{"env":{"CLAUDE_CODE_SIMPLE":"1"}}`, []string{"env.CLAUDE_CODE_SIMPLE"}},
		{`{"env":{"CLAUDE_CODE_SAFE_MODE":"1","CLAUDE_CONFIG_DIR":"/x"}}`, []string{"env.CLAUDE_CODE_SAFE_MODE", "env.CLAUDE_CONFIG_DIR"}},
		{`{"env":{"LEASEGATE_SOCKET":"/elsewhere/x.sock"}}`, []string{"env.LEASEGATE_SOCKET"}},
		{`{"env":{"LEASEGATE_SESSION_ID":"s"}}`, []string{"env.LEASEGATE_SESSION_ID"}},
		{`{"env":{"SOME_NEW_SWITCH":"1"}}`, []string{"env.SOME_NEW_SWITCH"}}, // unknown: deny by default
		{`{"env":{"PATH":"/evil"}}`, []string{"env.PATH"}},
		{`{"env":"CLAUDE_CODE_SIMPLE=1"}`, []string{"env"}},
	}
	for _, r := range rows {
		var s map[string]any
		require.NoError(t, json.Unmarshal([]byte(r.json), &s), r.json)
		var got []string
		for _, f := range Settings(s) {
			got = append(got, f.Arg)
		}
		assert.Equal(t, r.want, got, r.json)
	}
}

func TestProcessEnvName(t *testing.T) {
	for _, n := range []string{"CLAUDE_CONFIG_DIR", "CLAUDE_CODE_SIMPLE", "CLAUDE_CODE_SAFE_MODE",
		"CLAUDE_CODE_PERSONAL_HOOKS_OFF", "CLAUDE_CODE_MANAGED_SETTINGS_PATH", "PI_CODING_AGENT_DIR",
		"LEASEGATE_SOCKET", "LEASEGATE_SESSION_ID"} {
		_, bad := ProcessEnvName(n)
		assert.True(t, bad, n)
	}
	for _, n := range []string{"PATH", "HOME", "ANTHROPIC_MODEL", "FOO"} {
		_, bad := ProcessEnvName(n)
		assert.False(t, bad, n)
	}
	scrub := ClaudeScrubbedEnv()
	assert.Contains(t, scrub, "CLAUDE_CODE_SIMPLE")
	assert.Contains(t, scrub, "CLAUDE_CONFIG_DIR")
	assert.NotContains(t, scrub, "PATH")
}

func TestPiArgs(t *testing.T) {
	assert.Empty(t, PiArgs([]string{"-p", "hi"}, Nested))
	assert.Empty(t, PiArgs([]string{"-ne", "-e", "x.ts"}, Wrapped))
	for _, a := range [][]string{{"-ne"}, {"--no-extensions", "-p", "x"}, {"install", "npm:x"}, {"remove", "x"}, {"update"}} {
		assert.NotEmpty(t, PiArgs(a, Nested), "%q", a)
	}
	assert.NotEmpty(t, PiArgs([]string{"install", "npm:x"}, Wrapped))
	assert.Empty(t, PiArgs([]string{"-p", "install"}, Nested), "a prompt after -p is not a command word")
}

func TestRuntime(t *testing.T) {
	for w, want := range map[string]string{
		"claude": "claude", "/usr/local/bin/claude": "claude", "./node_modules/.bin/claude": "claude",
		"node_modules/@anthropic-ai/claude-code/cli.js": "claude", "@anthropic-ai/claude-code": "claude",
		"pi": "pi", "/x/pi": "pi", "@mariozechner/pi-coding-agent": "pi",
		"pip": "", "claudette": "", "ls": "", "": "",
	} {
		assert.Equal(t, want, Runtime(w), w)
	}
}

func TestFindingsSayWhy(t *testing.T) {
	fs := ClaudeArgs([]string{"--bare"}, Nested, false)
	require.Len(t, fs, 1)
	assert.True(t, strings.HasPrefix(Join(fs), "--bare: "))
}
