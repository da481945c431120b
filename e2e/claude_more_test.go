package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestClaudeCompactionRevokes: a verified session that compacts loses its
// lease (PreCompact and SessionStart(compact) observers), so the next Bash
// is blocked.
func TestClaudeCompactionRevokes(t *testing.T) {
	w := newWorld(t, nil)
	w.startBroker()
	w.api.SetScript([]Step{
		{Before: func() { w.promote("300s") }, Tool: "Bash", Input: bash("touch before-compaction").Input, InputTokens: 199000},
		{Tool: "Bash", Input: bash("touch after-compaction").Input},
		{Text: "finished"},
	})
	out, code := w.launch(120*time.Second, append(claudeArgs(), "--autocompact", "100000")...)
	if code != 0 {
		t.Fatalf("claude exit %d:\n%s", code, out)
	}
	if !w.exists("before-compaction") {
		t.Errorf("the verified Bash before compaction did not run")
	}
	if w.exists("after-compaction") {
		t.Errorf("a Bash after compaction ran: the compaction did not revoke the lease")
	}
	res := w.api.ToolResults()
	wantResult(t, res, 0, false, "")
	wantResult(t, res, 1, true, "LEASE_NOT_VERIFIED")
	ev := w.operator("events", "--kind", "lease.revoked", "--json")
	if !strings.Contains(ev, "compact") {
		t.Errorf("no revocation by compaction in the audit: %q", ev)
	}
	if t.Failed() {
		for i, r := range w.api.ToolResults() {
			t.Logf("result %d: error=%v %q", i, r.IsError, r.Text)
		}
		t.Logf("other requests: %v\nclaude:\n%s", w.api.Other(), out)
	}
}

var _ = os.Stat
var _ = filepath.Join
