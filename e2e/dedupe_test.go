package e2e

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestClaudeGlobalAndWrapperHooksRunOnce: with the global install in place,
// a wrapped session has the gate in two settings layers: the session's own
// hook (identity on its command line) and the installed copy (none). Both
// let the Read run, and only the session's own hook taps, so each call is
// tapped once.
func TestClaudeGlobalAndWrapperHooksRunOnce(t *testing.T) {
	w := newWorld(t, nil)
	w.startBroker()
	if out, code := w.run(filepath.Join(bins, "launch-runtime"), nil, "install"); code != 0 {
		t.Fatalf("install: exit %d\n%s", code, out)
	}
	var sid string
	w.api.SetScript([]Step{
		{Before: func() { sid = w.session() }, Tool: "Read", Input: map[string]any{"file_path": filepath.Join(w.project, "notes.txt")}},
		{Text: "finished"},
	})
	out, code := w.launch(60*time.Second, claudeArgs()...)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	wantResult(t, w.api.ToolResults(), 0, false, "marmalade")
	taps := w.operator("events", "--session", sid, "--kind", "tool.call", "--json")
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(taps), "\n") {
		var r struct{ Tool, Event string }
		if json.Unmarshal([]byte(line), &r) == nil && r.Tool == "Read" && r.Event == "PostToolUse" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d taps for one Read, want 1:\n%s", n, taps)
	}
}
