package e2e

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
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

// TestClaudeRefusedBeforeLaunch: arguments and settings that would switch
// the gate or the permission system off never reach Claude Code, and leave
// no registration behind.
func TestClaudeRefusedBeforeLaunch(t *testing.T) {
	w := newWorld(t, []Step{bash("touch should-not-exist")})
	w.startBroker()
	badSettings := filepath.Join(w.home, "off.json")
	if err := os.WriteFile(badSettings, []byte(`{"disableAllHooks": true}`), 0o644); err != nil {
		t.Fatal(err)
	}
	rows := [][]string{
		{"--bare"},
		{"--safe-mode"},
		{"--dangerously-skip-permissions"},         // check-launches: inert refused-argument input for the refusal test
		{"--allow-dangerously-skip-permissions"},   // check-launches: inert refused-argument input for the refusal test
		{"--permission-mode", "bypassPermissions"}, // check-launches: inert refused-argument input for the refusal test
		{"--permission-mode=bypassPermissions"},    // check-launches: inert refused-argument input for the refusal test
		{"--settings", badSettings},
		{"--settings", `{"permissions":{"defaultMode":"bypassPermissions"}}`}, // check-launches: inert refused-argument input for the refusal test
		{"--append-system-prompt", "--bare"},
	}
	for _, extra := range rows {
		args := append(claudeArgs(), extra...)
		out, code := w.launch(30*time.Second, args...)
		if code != 2 || !strings.Contains(out, "refused") {
			t.Errorf("%v: exit %d, want 2 with a refusal:\n%s", extra, code, out)
		}
	}
	if n := len(w.api.Requests()) + len(w.api.Other()); n != 0 {
		t.Errorf("the model API saw %d requests: a refused launch started Claude Code", n)
	}
	if ev := w.operator("events", "--kind", "lease.registered", "--json"); strings.TrimSpace(ev) != "" {
		t.Errorf("a refused launch registered a session: %s", ev)
	}
}

// TestClaudeDirectWithGlobalHook: `launch-runtime install` puts the gate
// into the user's Claude settings, so a `claude` started without the
// wrapper is denied every tool, reads included, with GATE_UNAVAILABLE.
func TestClaudeDirectWithGlobalHook(t *testing.T) {
	w := newWorld(t, nil)
	w.startBroker()
	configDir := filepath.Join(w.home, "claude-config")
	if err := os.MkdirAll(configDir, 0o700); err != nil {
		t.Fatal(err)
	}
	// The user's own settings survive the install.
	if err := os.WriteFile(filepath.Join(configDir, "settings.json"), []byte(`{"model":"claude-sonnet-4-5","env":{"DISABLE_TELEMETRY":"1"}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ { // idempotent
		out, code := w.run(filepath.Join(bins, "launch-runtime"), []string{"CLAUDE_CONFIG_DIR=" + configDir}, "install")
		if code != 0 {
			t.Fatalf("install: exit %d\n%s", code, out)
		}
	}
	settings, _ := os.ReadFile(filepath.Join(configDir, "settings.json"))
	if strings.Count(string(settings), "mutator-gate") != 4 || !strings.Contains(string(settings), `"DISABLE_TELEMETRY": "1"`) {
		t.Errorf("settings after two installs:\n%s", settings)
	}
	w.api.SetScript([]Step{
		{Tool: "Read", Input: map[string]any{"file_path": filepath.Join(w.project, "notes.txt")}},
		{Tool: "Glob", Input: map[string]any{"pattern": "*.txt"}},
		bash("touch direct-bash"),
		{Tool: "Write", Input: map[string]any{"file_path": filepath.Join(w.project, "direct-write.txt"), "content": "x"}},
		{Text: "finished"},
	})
	out, code := w.claudeDirect([]string{"CLAUDE_CONFIG_DIR=" + configDir}, "Bash,Read,Write,Glob")
	if code != 0 {
		t.Fatalf("direct claude: exit %d\n%s", code, out)
	}
	res := w.api.ToolResults()
	if len(res) != 4 {
		t.Fatalf("%d tool results, want 4:\n%s", len(res), out)
	}
	for i := range res {
		wantResult(t, res, i, true, "GATE_UNAVAILABLE")
	}
	if w.exists("direct-bash") || w.exists("direct-write.txt") {
		t.Error("a direct claude changed the project")
	}
	// uninstall gives the user's settings back.
	if out, code := w.run(filepath.Join(bins, "launch-runtime"), []string{"CLAUDE_CONFIG_DIR=" + configDir}, "uninstall"); code != 0 {
		t.Fatalf("uninstall: exit %d\n%s", code, out)
	}
	settings, _ = os.ReadFile(filepath.Join(configDir, "settings.json"))
	if strings.Contains(string(settings), "mutator-gate") || !strings.Contains(string(settings), `"DISABLE_TELEMETRY": "1"`) {
		t.Errorf("settings after uninstall:\n%s", settings)
	}
}

// TestClaudeConfigDir: --config-dir merges the gate into an isolated
// CLAUDE_CONFIG_DIR, a project setting that turns hooks off does not take
// the gate out, and a symlinked or malformed settings file refuses.
func TestClaudeConfigDir(t *testing.T) {
	w := newWorld(t, nil)
	w.startBroker()
	cfg := filepath.Join(w.home, "isolated")
	if err := os.MkdirAll(filepath.Join(w.project, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(w.project, ".claude", "settings.json"), []byte(`{"disableAllHooks": true}`), 0o644); err != nil {
		t.Fatal(err)
	}
	w.api.SetScript([]Step{bash("touch isolated-bash"), {Text: "finished"}})
	out, code := w.launch(60*time.Second, claudeArgs("--config-dir", cfg)...)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	wantResult(t, w.api.ToolResults(), 0, true, "LEASE_NOT_VERIFIED")
	if w.exists("isolated-bash") {
		t.Error("Bash ran in an unverified session")
	}
	if s, _ := os.ReadFile(filepath.Join(cfg, "settings.json")); !strings.Contains(string(s), "mutator-gate") {
		t.Errorf("isolated settings.json has no gate:\n%s", s)
	}

	malformed := filepath.Join(w.home, "malformed")
	os.MkdirAll(malformed, 0o700)
	os.WriteFile(filepath.Join(malformed, "settings.json"), []byte(`{"hooks": `), 0o600)
	linked := filepath.Join(w.home, "linked")
	os.MkdirAll(linked, 0o700)
	os.Symlink(filepath.Join(malformed, "settings.json"), filepath.Join(linked, "settings.json"))
	for _, dir := range []string{malformed, linked} {
		out, code := w.launch(30*time.Second, claudeArgs("--config-dir", dir)...)
		if code != 2 || !strings.Contains(out, "refused") {
			t.Errorf("--config-dir %s: exit %d, want a refusal:\n%s", dir, code, out)
		}
	}
}

// TestClaudeDangerous: --dangerous is honoured only for Claude Code, the
// wrapper adds the raw flag itself, and the gate's deny still holds under
// bypassPermissions.
func TestClaudeDangerous(t *testing.T) {
	w := newWorld(t, []Step{bash("touch dangerous-unverified"), {Text: "finished"}})
	w.startBroker()
	out, code := w.launch(60*time.Second, claudeArgs("--dangerous")...)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	wantResult(t, w.api.ToolResults(), 0, true, "LEASE_NOT_VERIFIED")
	if w.exists("dangerous-unverified") {
		t.Error("Bash ran unverified under --dangerous")
	}
	// A binary that is not Claude Code does not get the raw flag.
	notClaude := filepath.Join(w.home, "not-claude")
	os.WriteFile(notClaude, []byte("#!/bin/sh\nif [ \"$1\" = --version ]; then echo 1.0.0; exit 0; fi\ntouch "+filepath.Join(w.project, "not-claude-ran")+"\n"), 0o755)
	out, code = w.launch(30*time.Second, append([]string{"--runtime", "claude", "--dangerous", "--bin", notClaude, "--"}, "-p", "x")...)
	if code != 2 || !strings.Contains(out, "not Claude Code") {
		t.Errorf("--dangerous with another binary: exit %d\n%s", code, out)
	}
	if w.exists("not-claude-ran") {
		t.Error("the other binary was launched")
	}
}

// TestLaunchBrokenRuntimeBinary: a missing, non-executable or looping
// runtime binary is a one-line error before anything is registered.
func TestLaunchBrokenRuntimeBinary(t *testing.T) {
	w := newWorld(t, nil)
	w.startBroker()
	notExec := filepath.Join(w.home, "not-exec")
	os.WriteFile(notExec, []byte("#!/bin/sh\n"), 0o644)
	loopA, loopB := filepath.Join(w.home, "loop-a"), filepath.Join(w.home, "loop-b")
	os.Symlink(loopB, loopA)
	os.Symlink(loopA, loopB)
	for bin, want := range map[string]string{
		filepath.Join(w.home, "missing"): "does not exist",
		notExec:                          "not executable",
		loopA:                            "symlink loop",
		w.home:                           "is a folder",
	} {
		out, code := w.launch(30*time.Second, "--runtime", "claude", "--bin", bin, "--", "-p", "x")
		if code != 1 || !strings.Contains(out, want) || strings.Count(strings.TrimSpace(out), "\n") != 0 {
			t.Errorf("--bin %s: exit %d, want 1 and one line with %q:\n%s", bin, code, want, out)
		}
	}
	piSetup(t, w, 200000)
	w.api.SetScript([]Step{{Text: "finished"}})
	if out, code := w.launch(60*time.Second, piArgs()...); code != 0 {
		t.Fatalf("the real launch: exit %d\n%s", code, out)
	}
	// Only the one real pi launch above registered.
	ev := w.operator("events", "--kind", "lease.registered", "--json")
	if n := strings.Count(strings.TrimSpace(ev), "\n") + 1; strings.TrimSpace(ev) == "" || n != 1 {
		t.Errorf("want exactly one registration (the real launch), got:\n%s", ev)
	}
}

// TestClaudeTaskAllowList: --allow-tools narrows the session for good: a
// read-only tool outside the list is denied with POLICY_DENIED, and so is
// a listed mutator that the lease does not open yet.
func TestClaudeTaskAllowList(t *testing.T) {
	w := newWorld(t, nil)
	w.startBroker()
	w.api.SetScript([]Step{
		{Tool: "Read", Input: map[string]any{"file_path": filepath.Join(w.project, "notes.txt")}},
		{Tool: "Grep", Input: map[string]any{"pattern": "marmalade", "path": w.project}},
		bash("touch allow-list-bash"),
		{Text: "finished"},
	})
	args := append(claudeArgs("--allow-tools", "Read,Bash"), "--allowedTools", "Grep")
	out, code := w.launch(60*time.Second, args...)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	res := w.api.ToolResults()
	wantResult(t, res, 0, false, "marmalade")
	wantResult(t, res, 1, true, "POLICY_DENIED")
	wantResult(t, res, 2, true, "LEASE_NOT_VERIFIED")
	if w.exists("allow-list-bash") {
		t.Error("Bash ran unverified")
	}
}

// TestAutostartBroker: with no broker answering, launch-runtime starts one
// (lease-broker beside it), detached, and the session runs gated.
func TestAutostartBroker(t *testing.T) {
	w := newWorld(t, []Step{bash("touch autostart-bash"), {Text: "finished"}})
	t.Cleanup(func() {
		out, err := w.operatorErr("status", "--json")
		if err != nil {
			return
		}
		var st struct{ PID int }
		if json.Unmarshal([]byte(out), &st) == nil && st.PID > 0 {
			if p, err := os.FindProcess(st.PID); err == nil {
				_ = p.Kill()
			}
		}
	})
	out, code := w.launch(60*time.Second, claudeArgs()...)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	wantResult(t, w.api.ToolResults(), 0, true, "LEASE_NOT_VERIFIED")
	if w.exists("autostart-bash") {
		t.Error("Bash ran unverified")
	}
	status, err := w.operatorErr("status", "--json")
	if err != nil {
		t.Fatalf("no broker answers after the launch: %v", err)
	}
	var st struct{ PID int }
	if err := json.Unmarshal([]byte(status), &st); err != nil || st.PID <= 0 {
		t.Fatalf("status %q", status)
	}
	// Detached: its parent is not the (exited) runtime's launcher tree.
	stat, _ := os.ReadFile("/proc/" + strconv.Itoa(st.PID) + "/stat")
	if fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:])); len(fields) > 3 && fields[1] == strconv.Itoa(os.Getpid()) {
		t.Errorf("the broker is a child of the test: %s", stat)
	}
}

// TestClaudeOtherLayersCannotDisableGate: "disableAllHooks": true in the
// user's own settings or the project's local settings does not take the
// wrapper's gate out: its command-line settings layer outranks both (the
// project layer is TestClaudeConfigDir's).
func TestClaudeOtherLayersCannotDisableGate(t *testing.T) {
	for _, layer := range []string{"user", "local"} {
		w := newWorld(t, nil)
		w.startBroker()
		p := filepath.Join(w.home, ".claude", "settings.json")
		if layer == "local" {
			p = filepath.Join(w.project, ".claude", "settings.local.json")
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(`{"disableAllHooks": true}`), 0o600); err != nil {
			t.Fatal(err)
		}
		w.api.SetScript([]Step{bash("touch layer-disabled"), {Text: "finished"}})
		out, code := w.launch(120*time.Second, claudeArgs()...)
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s", layer, code, out)
		}
		wantResult(t, w.api.ToolResults(), 0, true, "LEASE_NOT_VERIFIED")
		if w.exists("layer-disabled") {
			t.Errorf("%s settings turned the gate off", layer)
		}
	}
}
