package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func bash(cmd string) Step {
	return Step{Tool: "Bash", Input: map[string]any{"command": cmd, "description": "scripted"}}
}

// claudeArgs are launch-runtime's arguments for one non-interactive Claude
// Code run against the mock (permission prompts answered by --allowedTools,
// so that only the gate decides).
func claudeArgs(extra ...string) []string {
	args := append([]string{"--runtime", "claude"}, extra...)
	return append(args, "--", "-p", "do the scripted work",
		"--model", "claude-sonnet-4-5", "--allowedTools", "Bash,Read,Write,Edit",
		"--no-session-persistence")
}

// wantResult checks the i-th tool result the model saw.
func wantResult(t *testing.T, results []ToolResult, i int, blocked bool, contains string) {
	t.Helper()
	if i >= len(results) {
		t.Errorf("tool result %d: missing (%d results)", i, len(results))
		return
	}
	r := results[i]
	if blocked && (!r.IsError || !strings.Contains(r.Text, contains)) {
		t.Errorf("tool result %d: want a block with %q, got error=%v %q", i, contains, r.IsError, r.Text)
	}
	if !blocked && (r.IsError || !strings.Contains(r.Text, contains)) {
		t.Errorf("tool result %d: want success with %q, got error=%v %q", i, contains, r.IsError, r.Text)
	}
}

// TestClaudeLeaseLifecycle drives one real Claude Code session through the
// whole lease life: unverified, verified from outside, revoked, expired,
// a self-promotion attempt from the agent's own Bash, and a broker restart.
func TestClaudeLeaseLifecycle(t *testing.T) {
	w := newWorld(t, nil)
	w.startBroker()
	state := func() string {
		out := w.operator("sessions", "--json")
		var list []struct{ State string }
		_ = json.Unmarshal([]byte(out), &list)
		if len(list) != 1 {
			return "?" + out
		}
		return list[0].State
	}
	var stateAfterSelfPromote, sid string
	w.api.SetScript([]Step{
		{Tool: "Read", Input: map[string]any{"file_path": filepath.Join(w.project, "notes.txt")}},
		bash("touch created-unverified"),
		{Before: func() { sid = w.session(); w.promote("300s") }, Tool: "Bash", Input: bash("touch created-verified").Input},
		{Before: func() { w.operator("revoke", w.session(), "--reason", "e2e") }, Tool: "Bash", Input: bash("touch created-after-revoke").Input},
		{Before: func() { w.promote("1s"); time.Sleep(1500 * time.Millisecond) }, Tool: "Bash", Input: bash("touch created-after-expiry").Input},
		{Before: func() { w.promote("300s") }, Tool: "Bash", Input: bash(
			`lease-broker begin-verification "$LEASEGATE_SESSION_ID" > self-promote.out 2>&1; echo "rc=$?" >> self-promote.out; ` +
				`lease-broker promote "$LEASEGATE_SESSION_ID" --token forged >> self-promote.out 2>&1; echo "rc=$?" >> self-promote.out`).Input},
		{Before: func() { stateAfterSelfPromote = state(); w.stopBroker(); w.startBroker() }, Tool: "Bash", Input: bash("touch created-after-restart").Input},
		{Text: "finished"},
	})
	out, code := w.launch(120*time.Second, claudeArgs()...)
	if code != 0 {
		t.Fatalf("claude exit %d:\n%s", code, out)
	}
	res := w.api.ToolResults()
	wantResult(t, res, 0, false, "marmalade")
	wantResult(t, res, 1, true, "LEASE_NOT_VERIFIED")
	wantResult(t, res, 2, false, "")
	wantResult(t, res, 3, true, "LEASE_NOT_VERIFIED")
	// The broker may notice the expiry in a sweep before the call, then
	// the session is plainly UNVERIFIED; either way the audit says expired.
	wantResult(t, res, 4, true, "LEASE_")
	if ev := w.operator("events", "--kind", "lease.expired", "--json"); !strings.Contains(ev, "lease.expired") {
		t.Errorf("no lease.expired event: %q", ev)
	}
	wantResult(t, res, 5, false, "")
	wantResult(t, res, 6, true, "not by the broker launch-runtime registered with")
	for name, want := range map[string]bool{
		"created-unverified": false, "created-verified": true, "created-after-revoke": false,
		"created-after-expiry": false, "created-after-restart": false,
	} {
		if got := w.exists(name); got != want {
			t.Errorf("%s exists = %v, want %v", name, got, want)
		}
	}
	self, _ := os.ReadFile(filepath.Join(w.project, "self-promote.out"))
	if strings.Count(string(self), "rc=0") != 0 || strings.Count(string(self), "rc=") != 2 {
		t.Errorf("the agent's own Bash could verify itself:\n%s", self)
	}
	// The PostToolUse tap recorded exactly the calls that ran: Read, the
	// verified Bash and the self-promotion Bash.
	taps := w.operator("events", "--session", sid, "--kind", "tool.call", "--json")
	var tools []string
	for _, line := range strings.Split(strings.TrimSpace(taps), "\n") {
		var r struct {
			Tool, Event string
		}
		if json.Unmarshal([]byte(line), &r) == nil && r.Event == "PostToolUse" {
			tools = append(tools, r.Tool)
		}
	}
	if strings.Join(tools, ",") != "Read,Bash,Bash" {
		t.Errorf("tapped tool calls %v, want Read,Bash,Bash:\n%s", tools, taps)
	}
	if touch := w.operator("events", "--session", sid, "--kind", "file.touch", "--json"); !strings.Contains(touch, "notes.txt") {
		t.Errorf("no file.touch for the Read of notes.txt:\n%s", touch)
	}
	if stateAfterSelfPromote != "VERIFIED" {
		t.Errorf("state after the self-promotion attempt = %q, want VERIFIED (untouched)", stateAfterSelfPromote)
	}
	if t.Failed() {
		for i, r := range res {
			t.Logf("result %d: error=%v %q", i, r.IsError, r.Text)
		}
		t.Logf("self-promote.out:\n%s\nclaude:\n%s", self, out)
	}
}
