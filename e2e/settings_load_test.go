package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// claudeLoadsSettings runs the real Claude Code with settings as its only
// --settings file, plus a probe that denies Bash (a permission rule, or a
// blocking hook where the sample's own "permissions" is not an object),
// and reports whether Claude Code loaded the file: the scripted Bash call
// did not run.
func claudeLoadsSettings(t *testing.T, settings string) bool {
	t.Helper()
	var s map[string]any
	if err := json.Unmarshal([]byte(settings), &s); err != nil {
		t.Fatalf("sample %s: %v", settings, err)
	}
	probed := false
	if p, ok := s["permissions"].(map[string]any); ok {
		p["deny"] = []any{"Bash"}
		probed = true
	} else if _, has := s["permissions"]; !has {
		s["permissions"] = map[string]any{"deny": []any{"Bash"}}
		probed = true
	}
	if _, has := s["hooks"]; !has {
		s["hooks"] = map[string]any{"PreToolUse": []any{map[string]any{"matcher": ".*", "hooks": []any{
			map[string]any{"type": "command", "command": "/bin/sh", "args": []any{"-c", "echo PROBE >&2; exit 2"}},
		}}}}
		probed = true
	}
	if !probed {
		t.Fatalf("sample %s leaves no room for a probe", settings)
	}
	data, _ := json.Marshal(s)
	w := newWorld(t, nil)
	f := filepath.Join(w.home, "probe-settings.json")
	if err := os.WriteFile(f, data, 0o600); err != nil {
		t.Fatal(err)
	}
	w.api.SetScript([]Step{bash("touch probe-ran"), {Text: "finished"}})
	out, _ := w.claudeDirect(nil, "Bash", "--settings", f)
	if len(w.api.ToolResults()) != 1 {
		t.Fatalf("sample %s: the scripted call did not happen:\n%s", settings, out)
	}
	return !w.exists("probe-ran")
}

// TestClaudeDropsSettingsAsChecked: Claude Code drops a whole settings
// file when one value in it has the wrong type — the gate's hooks in it
// too — so launch-runtime must never put the gate beside such a value.
// For each sample (only keys launch-runtime checks) the real Claude Code
// decides whether it loads the file, and then:
//   - a file it drops, launch-runtime refuses as --settings (exit 2) and
//     refuses to merge the gate into (install);
//   - a file it loads, launch-runtime accepts, and the gate still runs:
//     an unverified Bash is denied LEASE_NOT_VERIFIED.
//
// The samples' expected verdicts are written down too, so that a change
// in Claude Code's schema shows up as a failing sample, not as a silently
// weaker test.
func TestClaudeDropsSettingsAsChecked(t *testing.T) {
	samples := []struct {
		settings string
		loads    bool
	}{
		{`{"model": "claude-sonnet-4-5"}`, true},
		{`{"model": 1}`, false},
		{`{"env": {"DISABLE_TELEMETRY": "1"}}`, true}, // a name known harmless: any other is refused (issue 17)
		{`{"env": []}`, false},
		{`{"permissions": {"allow": ["Read"], "defaultMode": "plan"}}`, true},
		{`{"permissions": {"allow": [1]}}`, true}, // the non-string rule alone is dropped
		{`{"permissions": {"allow": "Read"}}`, false},
		{`{"permissions": {"additionalDirectories": "/tmp"}}`, false},
		{`{"permissions": {"defaultMode": "sometimes"}}`, false},
		{`{"permissions": []}`, false},
		{`{"cleanupPeriodDays": 30}`, true},
		{`{"cleanupPeriodDays": 0}`, false},
		{`{"cleanupPeriodDays": "30"}`, false},
		{`{"includeCoAuthoredBy": false}`, true},
		{`{"includeCoAuthoredBy": "no"}`, false},
		{`{"alwaysThinkingEnabled": 1}`, false},
		{`{"apiKeyHelper": 1}`, false},
		{`{"outputStyle": ["x"]}`, false},
		{`{"statusLine": "x"}`, false},
		{`{"enabledPlugins": 1}`, false},
		{`{"enabledMcpjsonServers": ["a"]}`, true},
		{`{"enabledMcpjsonServers": "a"}`, true},                            // dropped alone
		{`{"hooks": {"PostToolUse": [{"matcher": 1, "hooks": []}]}}`, true}, // a bad hook entry is ignored alone
		{`{"model": "claude-sonnet-4-5", "hooks": []}`, true},               // a bad hooks field too
	}
	w := newWorld(t, nil)
	w.startBroker()
	for _, sm := range samples {
		loads := claudeLoadsSettings(t, sm.settings)
		if loads != sm.loads {
			t.Errorf("Claude Code loads %s: %v, the sample says %v", sm.settings, loads, sm.loads)
			continue
		}
		if !loads {
			out, code := w.launch(60*time.Second, claudeArgs("--settings", sm.settings)...)
			if code != 2 || !strings.Contains(out, "refused") {
				t.Errorf("launch-runtime --settings %s: exit %d, want a refusal (2):\n%s", sm.settings, code, out)
			}
			path := filepath.Join(w.home, "install-target.json")
			if err := os.WriteFile(path, []byte(sm.settings), 0o600); err != nil {
				t.Fatal(err)
			}
			if out, code := w.run(filepath.Join(bins, "launch-runtime"), nil, "install", "--claude-settings", path); code != 2 {
				t.Errorf("install into %s: exit %d, want a refusal (2):\n%s", sm.settings, code, out)
			}
			continue
		}
		name := "gated-" + strings.Map(func(r rune) rune {
			if r >= 'a' && r <= 'z' {
				return r
			}
			return -1
		}, sm.settings)
		w.api.SetScript([]Step{bash("touch " + name), {Text: "finished"}})
		out, code := w.launch(120*time.Second, claudeArgs("--settings", sm.settings)...)
		if code != 0 {
			t.Errorf("launch-runtime --settings %s: exit %d:\n%s", sm.settings, code, out)
			continue
		}
		wantResult(t, w.api.ToolResults(), 0, true, "LEASE_NOT_VERIFIED")
		if w.exists(name) {
			t.Errorf("--settings %s: an unverified Bash ran: the gate did not load", sm.settings)
		}
	}
}

// TestWrapperRefusesUncheckedSettingsKeys: a key launch-runtime does not
// check is not passed into the gate's settings file (it could be the one
// value that makes Claude Code drop the file).
func TestWrapperRefusesUncheckedSettingsKeys(t *testing.T) {
	w := newWorld(t, nil)
	out, code := w.launch(60*time.Second, claudeArgs("--settings", `{"model": "m", "spinnerVerbs": {"mode": "append", "verbs": ["x"]}}`)...)
	if code != 2 || !strings.Contains(out, `"spinnerVerbs"`) {
		t.Errorf("exit %d, want a refusal naming the key:\n%s", code, out)
	}
}
