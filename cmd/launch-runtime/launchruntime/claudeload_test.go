package launchruntime

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSettingsDropReason: the values Claude Code rejects for a checked key
// are found; values it accepts, and keys it does not check, pass.
// e2e.TestClaudeDropsSettingsAsChecked holds the same verdicts against the
// real Claude Code.
func TestSettingsDropReason(t *testing.T) {
	for _, tc := range []struct {
		settings, want string
	}{
		{`{}`, ""},
		{`{"model": "m", "env": {"A": 1}, "cleanupPeriodDays": 7, "includeCoAuthoredBy": true}`, ""},
		{`{"permissions": {"allow": [1], "deny": [], "defaultMode": "acceptEdits"}}`, ""},
		{`{"enabledMcpjsonServers": "a", "somethingNew": [1]}`, ""},
		{`{"hooks": {"PreToolUse": "x"}}`, ""},
		{`{"model": 1}`, `"model" must be a string`},
		{`{"env": []}`, `"env" must be an object`},
		{`{"hooks": []}`, ""}, // Claude Code ignores that field alone
		{`{"permissions": []}`, `"permissions" must be an object`},
		{`{"permissions": {"ask": "Bash"}}`, `"permissions.ask" must be a list`},
		{`{"permissions": {"defaultMode": "yolo"}}`, `"permissions.defaultMode" must be one of`},
		{`{"permissions": {"defaultMode": 1}}`, `"permissions.defaultMode" must be one of`},
		{`{"cleanupPeriodDays": 0}`, `"cleanupPeriodDays" must be a whole number above 0`},
		{`{"cleanupPeriodDays": 1.5}`, `"cleanupPeriodDays" must be a whole number above 0`},
		{`{"statusLine": "x"}`, `"statusLine" must be an object`},
		{`{"disableAllHooks": "no"}`, `"disableAllHooks" must be true or false`},
	} {
		s, err := parseSettings([]byte(tc.settings))
		if err != nil {
			t.Fatal(err)
		}
		got := settingsDropReason(s)
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("%s: got %q, want %q", tc.settings, got, tc.want)
		}
	}
}

// TestGateNeverBesideADroppedValue: the wrapper refuses --settings that
// Claude Code would drop or that it cannot check, and install and
// --config-dir refuse to merge the gate into such a file (it would never
// run) without changing it.
func TestGateNeverBesideADroppedValue(t *testing.T) {
	gate := "/opt/lg/mutator-gate"
	for _, bad := range []string{`{"model": 1}`, `{"permissions": {"allow": "Read"}}`, `{"spinnerVerbs": {"mode": "append"}}`} {
		if _, err := buildClaudeSettings(gate, []string{bad}); !errors.Is(err, ErrRefused) {
			t.Errorf("--settings %s: %v, want a refusal", bad, err)
		}
	}
	if _, err := buildClaudeSettings(gate, []string{`{"model": "m", "permissions": {"allow": ["Read"]}}`}); err != nil {
		t.Errorf("checked, valid settings refused: %v", err)
	}
	path := filepath.Join(t.TempDir(), "settings.json")
	orig := `{"model": 1, "theme": "dark"}`
	if err := os.WriteFile(path, []byte(orig), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := mergeSettingsFile(path, gate); !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), `"model" must be a string`) {
		t.Errorf("merge into a file Claude Code drops: %v", err)
	}
	if data, _ := os.ReadFile(path); string(data) != orig {
		t.Errorf("the refused file was changed: %s", data)
	}
	// A key the wrapper does not check is fine in the user's own file.
	if err := os.WriteFile(path, []byte(`{"model": "m", "theme": "dark"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := mergeSettingsFile(path, gate); err != nil {
		t.Errorf("merge into a valid file: %v", err)
	}
}
