package e2e

import (
	"os"
	"path/filepath"
	"strings"
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

// TestClaudeShadowAllowList: an allow-list in shadow mode lets the call
// run and records gate.would_deny.
func TestClaudeShadowAllowList(t *testing.T) {
	w := newWorld(t, nil)
	w.startBroker()
	var sid string
	w.api.SetScript([]Step{
		{Before: func() { sid = w.session() }, Tool: "Grep", Input: map[string]any{"pattern": "marmalade", "path": w.project}},
		{Text: "finished"},
	})
	args := append(claudeArgs("--allow-tools", "Read", "--allow-tools-mode", "shadow"), "--allowedTools", "Grep")
	if out, code := w.launch(60*time.Second, args...); code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	wantResult(t, w.api.ToolResults(), 0, false, "notes.txt")
	if ev := w.operator("events", "--session", sid, "--kind", "gate.would_deny", "--json"); !strings.Contains(ev, "Grep") {
		t.Errorf("no gate.would_deny for Grep: %q", ev)
	}
}

// TestClaudeVerifierSubagentCannotEdit: a subagent of type verifier is
// denied Edit by its role even under a VERIFIED lease, while the main
// agent may edit; the hook forwards agent_type from the event.
func TestClaudeVerifierSubagentCannotEdit(t *testing.T) {
	w := newWorld(t, nil)
	w.startBroker()
	notes := filepath.Join(w.project, "notes.txt")
	edit := map[string]any{"file_path": notes, "old_string": "marmalade", "new_string": "verified"}
	w.api.SetScript([]Step{
		{Before: func() { w.promote("300s") }, Tool: "Agent", Input: map[string]any{
			"subagent_type": "verifier", "description": "verify", "prompt": "check the notes", "run_in_background": false}},
		{Tool: "Read", Input: map[string]any{"file_path": notes}},
		{Tool: "Edit", Input: map[string]any{"file_path": notes, "old_string": "secret", "new_string": "open"}},
		{Text: "finished"},
	})
	w.api.SetThread("VERIFIER-SUBAGENT-MARKER", []Step{
		{Tool: "Read", Input: map[string]any{"file_path": notes}},
		{Tool: "Edit", Input: edit}, // denied by the verifier role
		{Text: "verified nothing"},
	})
	agents := `{"verifier":{"description":"Checks work","prompt":"VERIFIER-SUBAGENT-MARKER: you verify.","tools":["Read","Edit"]}}`
	args := append(claudeArgs(), "--agents", agents, "--allowedTools", "Agent,Task")
	out, code := w.launch(90*time.Second, args...)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	res := w.api.ToolResults()
	b, _ := os.ReadFile(notes)
	if !strings.Contains(string(b), "marmalade") {
		t.Errorf("the verifier subagent edited the notes: %q", b)
	}
	if !strings.Contains(string(b), "open word") {
		t.Errorf("the main agent's Edit did not run: %q", b)
	}
	found := false
	for _, r := range res {
		if r.IsError && strings.Contains(r.Text, "POLICY_DENIED") && strings.Contains(r.Text, "Edit") {
			found = true
		}
	}
	if !found {
		t.Errorf("no POLICY_DENIED for the subagent's Edit")
	}
	if t.Failed() {
		for i, r := range res {
			t.Logf("result %d: error=%v %.300q", i, r.IsError, r.Text)
		}
		t.Logf("other %v\n%s", w.api.Other(), out)
	}
}
