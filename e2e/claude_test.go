package e2e

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func bash(cmd string) Step { return Step{Tool: "Bash", Input: map[string]any{"command": cmd, "description": "scripted"}} }

func claudeArgs(prompt string) []string {
	return []string{"--runtime", "claude", "--", "-p", prompt,
		"--model", "claude-sonnet-4-5", "--allowedTools", "Bash,Read,Write,Edit",
		"--no-session-persistence"}
}

func TestClaudeProbe(t *testing.T) {
	var w *world
	w = newWorld(t, nil)
	w.api.SetScript([]Step{
		{Tool: "Read", Input: map[string]any{"file_path": filepath.Join(w.project, "notes.txt")}},
		bash("touch created-unverified"),
		{Text: "finished"},
	})
	w.startBroker()
	out, code := w.launch(90*time.Second, claudeArgs("please work")...)
	t.Logf("exit %d\n%s", code, out)
	for _, r := range w.api.ToolResults() {
		t.Logf("tool result %+v", r)
	}
	t.Logf("other: %v", w.api.Other())
	if w.exists("created-unverified") {
		t.Error("unverified Bash ran")
	}
	_ = strings.Contains
}
