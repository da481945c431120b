package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// piSetup writes Pi's models.json: one custom provider speaking the
// Anthropic Messages API at the mock's loopback address.
func piSetup(t *testing.T, w *world, contextWindow int) {
	t.Helper()
	dir := filepath.Join(w.home, ".pi", "agent")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	models := map[string]any{"providers": map[string]any{"mock": map[string]any{
		"baseUrl": w.api.URL, "api": "anthropic-messages", "apiKey": "sk-ant-e2e-test",
		"models": []any{map[string]any{"id": "mock-model", "name": "Mock", "contextWindow": contextWindow, "maxTokens": 4096}},
	}}}
	data, _ := json.MarshalIndent(models, "", "  ")
	if err := os.WriteFile(filepath.Join(dir, "models.json"), data, 0o600); err != nil {
		t.Fatal(err)
	}
}

func piArgs(extra ...string) []string {
	args := append([]string{"--runtime", "pi"}, extra...)
	return append(args, "--", "--provider", "mock", "--model", "mock-model", "--no-session", "-p", "do the scripted work")
}

func piBash(cmd string) Step { return Step{Tool: "bash", Input: map[string]any{"command": cmd}} }

// TestPiLeaseLifecycle drives one real Pi session through the lease life,
// as TestClaudeLeaseLifecycle does for Claude Code.
func TestPiLeaseLifecycle(t *testing.T) {
	w := newWorld(t, nil)
	w.startBroker()
	piSetup(t, w, 200000)
	var sid string
	w.api.SetScript([]Step{
		{Tool: "read", Input: map[string]any{"path": filepath.Join(w.project, "notes.txt")}},
		piBash("touch pi-unverified"),
		{Before: func() { sid = w.session(); w.promote("300s") }, Tool: "bash", Input: piBash("touch pi-verified").Input},
		{Before: func() { w.operator("revoke", w.session(), "--reason", "e2e") }, Tool: "bash", Input: piBash("touch pi-after-revoke").Input},
		{Before: func() { w.promote("1s"); time.Sleep(1500 * time.Millisecond) }, Tool: "write",
			Input: map[string]any{"path": filepath.Join(w.project, "pi-after-expiry.txt"), "content": "x"}},
		{Before: func() { w.promote("300s") }, Tool: "bash", Input: piBash(
			`lease-broker begin-verification "$LEASEGATE_SESSION_ID" > self-promote.out 2>&1; echo "rc=$?" >> self-promote.out`).Input},
		{Before: func() { w.stopBroker(); w.startBroker() }, Tool: "bash", Input: piBash("touch pi-after-restart").Input},
		{Text: "finished"},
	})
	out, code := w.launch(120*time.Second, piArgs()...)
	if code != 0 {
		t.Fatalf("pi exit %d:\n%s", code, out)
	}
	res := w.api.ToolResults()
	wantResult(t, res, 0, false, "marmalade")
	wantResult(t, res, 1, true, "LEASE_NOT_VERIFIED")
	wantResult(t, res, 2, false, "")
	wantResult(t, res, 3, true, "LEASE_NOT_VERIFIED")
	wantResult(t, res, 4, true, "LEASE_")
	wantResult(t, res, 5, false, "")
	wantResult(t, res, 6, true, "not by the broker launch-runtime registered with")
	for name, want := range map[string]bool{
		"pi-unverified": false, "pi-verified": true, "pi-after-revoke": false,
		"pi-after-expiry.txt": false, "pi-after-restart": false,
	} {
		if got := w.exists(name); got != want {
			t.Errorf("%s exists = %v, want %v", name, got, want)
		}
	}
	// The tool_result tap recorded exactly the calls that ran.
	var tools []string
	for _, line := range strings.Split(strings.TrimSpace(w.operator("events", "--session", sid, "--kind", "tool.call", "--json")), "\n") {
		var r struct{ Tool, Event string }
		if json.Unmarshal([]byte(line), &r) == nil && r.Event == "PostToolUse" {
			tools = append(tools, r.Tool)
		}
	}
	if strings.Join(tools, ",") != "read,bash,bash" {
		t.Errorf("tapped tool calls %v, want read,bash,bash", tools)
	}
	self, _ := os.ReadFile(filepath.Join(w.project, "self-promote.out"))
	if !strings.Contains(string(self), "rc=") || strings.Contains(string(self), "rc=0") {
		t.Errorf("the agent's own bash could begin its verification:\n%s", self)
	}
	if t.Failed() {
		for i, r := range res {
			t.Logf("result %d: error=%v %q", i, r.IsError, r.Text)
		}
		t.Logf("pi:\n%s", out)
	}
}

// TestPiCompactionRevokes: Pi's compaction (session_before_compact) revokes
// a verified lease. The mock answers one turn with the API's context
// overflow error, on which Pi compacts and retries.
func TestPiCompactionRevokes(t *testing.T) {
	w := newWorld(t, nil)
	w.startBroker()
	piSetup(t, w, 200000)
	w.api.SetScript([]Step{
		{Before: func() { w.promote("300s") }, Tool: "bash", Input: piBash("touch pi-before-compaction").Input},
		{Overflow: true},
		{Tool: "bash", Input: piBash("touch pi-after-compaction").Input},
		{Text: "finished"},
	})
	out, code := w.launch(120*time.Second, piArgs()...)
	if code != 0 {
		t.Fatalf("pi exit %d:\n%s", code, out)
	}
	res := w.api.ToolResults()
	wantResult(t, res, 0, false, "")
	wantResult(t, res, 1, true, "LEASE_NOT_VERIFIED")
	if ev := w.operator("events", "--kind", "lease.revoked", "--json"); !strings.Contains(ev, "compact") {
		t.Errorf("no revocation by compaction in the audit: %q", ev)
	}
	if !w.exists("pi-before-compaction") || w.exists("pi-after-compaction") {
		t.Errorf("before=%v after=%v, want true false", w.exists("pi-before-compaction"), w.exists("pi-after-compaction"))
	}
	if t.Failed() {
		for i, r := range res {
			t.Logf("result %d: error=%v %q", i, r.IsError, r.Text)
		}
		t.Logf("other %v\npi:\n%s", w.api.Other(), out)
	}
}

// TestPiDirectWithGlobalExtension: `launch-runtime install` puts the gate
// extension into Pi's global extension folder, so a `pi` started without
// the wrapper is denied every tool, reads included, with GATE_UNAVAILABLE.
func TestPiDirectWithGlobalExtension(t *testing.T) {
	w := newWorld(t, nil)
	w.startBroker()
	piSetup(t, w, 200000)
	// install writes into the isolated HOME's Claude and Pi folders.
	if out, code := w.run(filepath.Join(bins, "launch-runtime"), nil, "install"); code != 0 {
		t.Fatalf("install: exit %d\n%s", code, out)
	}
	ext := filepath.Join(w.home, ".pi", "agent", "extensions", "leasegate-gate.ts")
	if _, err := os.Stat(ext); err != nil {
		t.Fatalf("no Pi extension installed: %v", err)
	}
	w.api.SetScript([]Step{
		{Tool: "read", Input: map[string]any{"path": filepath.Join(w.project, "notes.txt")}},
		piBash("touch pi-direct"),
		{Text: "finished"},
	})
	out, code := w.piDirect()
	if code != 0 {
		t.Fatalf("direct pi: exit %d\n%s", code, out)
	}
	res := w.api.ToolResults()
	wantResult(t, res, 0, true, "GATE_UNAVAILABLE")
	wantResult(t, res, 1, true, "GATE_UNAVAILABLE")
	if w.exists("pi-direct") {
		t.Error("a direct pi ran bash")
	}
	if out, code := w.run(filepath.Join(bins, "launch-runtime"), nil, "uninstall"); code != 0 {
		t.Fatalf("uninstall: exit %d\n%s", code, out)
	}
	if _, err := os.Stat(ext); !os.IsNotExist(err) {
		t.Errorf("uninstall left %s: %v", ext, err)
	}
}

// TestPiRefused: Pi has no permission bypass; --dangerous is refused
// before launch.
func TestPiRefused(t *testing.T) {
	w := newWorld(t, nil)
	w.startBroker()
	out, code := w.launch(30*time.Second, piArgs("--dangerous")...)
	if code != 2 || !strings.Contains(out, "refused") {
		t.Errorf("exit %d, want a refusal:\n%s", code, out)
	}
}

// TestPiVerifiedStillProtected: under a VERIFIED lease, Pi's write to its
// own gate extension and to Pi's settings folder is denied by the default
// policy, while an ordinary write runs.
func TestPiVerifiedStillProtected(t *testing.T) {
	w := newWorld(t, nil)
	w.startBroker()
	piSetup(t, w, 200000)
	var ext string
	w.api.SetScript([]Step{
		{Before: func() {
			w.promote("300s")
			m, _ := filepath.Glob(filepath.Join(w.sockDir, "integrations", "*", "gate.ts"))
			if len(m) == 1 {
				ext = m[0]
			}
		}, Tool: "write", Input: map[string]any{"path": filepath.Join(w.project, "ordinary.txt"), "content": "x"}},
		{Tool: "write", InputFunc: func() map[string]any { return map[string]any{"path": ext, "content": "export default () => {}"} }},
		{Tool: "write", Input: map[string]any{"path": filepath.Join(w.home, ".pi", "agent", "settings.json"), "content": "{}"}},
		{Text: "finished"},
	})
	out, code := w.launch(90*time.Second, piArgs()...)
	if code != 0 {
		t.Fatalf("pi exit %d:\n%s", code, out)
	}
	res := w.api.ToolResults()
	wantResult(t, res, 0, false, "")
	wantResult(t, res, 1, true, "POLICY_DENIED")
	wantResult(t, res, 2, true, "POLICY_DENIED")
	if !w.exists("ordinary.txt") {
		t.Error("the ordinary write did not run")
	}
	if b, _ := os.ReadFile(ext); strings.Contains(string(b), "export default () => {}") {
		t.Error("the gate extension was overwritten")
	}
	if t.Failed() {
		for i, r := range res {
			t.Logf("result %d: error=%v %.300q", i, r.IsError, r.Text)
		}
	}
}
