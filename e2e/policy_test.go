package e2e

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestClaudeVerifiedStillProtected: under a VERIFIED lease the broker's
// default policy still denies a Write to the session's own gate settings
// and to the project's Claude settings, and a force push, while an
// ordinary Write runs. The hook carries tool_input and cwd for that.
func TestClaudeVerifiedStillProtected(t *testing.T) {
	w := newWorld(t, nil)
	w.startBroker()
	var gateSettings string
	write := func(path string) map[string]any { return map[string]any{"file_path": path, "content": "{}\n"} }
	w.api.SetScript([]Step{
		{Before: func() {
			w.promote("300s")
			m, _ := filepath.Glob(filepath.Join(w.sockDir, "integrations", "*", "claude-settings.json"))
			if len(m) != 1 {
				t.Errorf("gate settings files: %v", m)
				return
			}
			gateSettings = m[0]
		}, Tool: "Write", Input: write(filepath.Join(w.project, "ordinary.txt"))},
		// Claude Code refuses to overwrite a file it has not read, before any hook.
		{Tool: "Read", InputFunc: func() map[string]any { return map[string]any{"file_path": gateSettings} }},
		{Tool: "Write", InputFunc: func() map[string]any { return write(gateSettings) }},
		{Tool: "Write", Input: write(filepath.Join(w.project, ".claude", "settings.json"))},
		bash("git push --force origin main"),
		{Text: "finished"},
	})
	out, code := w.launch(60*time.Second, claudeArgs()...)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	res := w.api.ToolResults()
	wantResult(t, res, 0, false, "")
	wantResult(t, res, 1, false, "mutator-gate")
	wantResult(t, res, 2, true, "POLICY_DENIED")
	wantResult(t, res, 3, true, "POLICY_DENIED")
	wantResult(t, res, 4, true, "POLICY_DENIED")
	if !w.exists("ordinary.txt") || w.exists(".claude/settings.json") {
		t.Errorf("ordinary.txt %v, .claude/settings.json %v", w.exists("ordinary.txt"), w.exists(".claude/settings.json"))
	}
	if b, err := os.ReadFile(gateSettings); err != nil || string(b) == "{}\n" {
		t.Errorf("gate settings overwritten: %q %v", b, err)
	}
	if t.Failed() {
		for i, r := range res {
			t.Logf("result %d: error=%v %q", i, r.IsError, r.Text)
		}
	}
}
