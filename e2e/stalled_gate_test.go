package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// stalledBins is a folder holding a copy of launch-runtime beside a
// mutator-gate whose tool-call check never answers (its other call-ins
// answer at once): what a gate stopped from outside — SIGSTOP by a
// same-user process, a machine frozen past the runtime's hook timeout —
// looks like to the runtime. `launch-runtime install` run from there
// installs that gate.
func stalledBins(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	exe, err := os.ReadFile(filepath.Join(bins, "launch-runtime"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "launch-runtime"), exe, 0o755); err != nil {
		t.Fatal(err)
	}
	// The mode is the last argument (the identity flags come first).
	stub := "#!/bin/sh\n# A gate that never answers a tool call.\nfor mode; do :; done\ncase \"$mode\" in\ngate) exec sleep 300 ;;\nesac\nexit 0\n"
	if err := os.WriteFile(filepath.Join(dir, "mutator-gate"), []byte(stub), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// oneCall fails the test unless the runtime exited 0 after exactly one
// tool call, and returns the tool results.
func oneCall(t *testing.T, w *world, what, out string, code int) []ToolResult {
	t.Helper()
	if code != 0 {
		t.Fatalf("%s: exit %d\n%s", what, code, out)
	}
	res := w.api.ToolResults()
	if len(res) != 1 {
		t.Fatalf("%s: %d tool results, want 1:\n%s", what, len(res), out)
	}
	return res
}

// TestClaudeStalledGateBlocks: when the installed PreToolUse gate does not
// answer within its timeout (20 s), Claude Code blocks the tool, because
// launch-runtime installs it with "onFailure": "block". Without that, a
// timed-out hook is a non-blocking error and the tool would run.
func TestClaudeStalledGateBlocks(t *testing.T) {
	w := newWorld(t, nil)
	configDir := filepath.Join(w.home, "claude-config")
	if err := os.MkdirAll(configDir, 0o700); err != nil {
		t.Fatal(err)
	}
	dir := stalledBins(t)
	if out, code := w.run(filepath.Join(dir, "launch-runtime"), []string{"CLAUDE_CONFIG_DIR=" + configDir}, "install"); code != 0 {
		t.Fatalf("install: exit %d\n%s", code, out)
	}
	w.api.SetScript([]Step{
		bash("touch stalled-bash"),
		{Text: "finished"},
	})
	out, code := w.claudeDirect([]string{"CLAUDE_CONFIG_DIR=" + configDir}, "Bash")
	res := oneCall(t, w, "claude", out, code)
	wantResult(t, res, 0, true, "timed out")
	wantResult(t, res, 0, true, `onFailure is "block"`)
	if w.exists("stalled-bash") {
		t.Error("the tool ran although its gate never answered")
	}
}

// TestPiStalledGateBlocks: Pi gives an extension handler no timeout, so the
// gate extension kills a mutator-gate that has not answered within 10 s
// and blocks the tool with GATE_UNAVAILABLE.
func TestPiStalledGateBlocks(t *testing.T) {
	w := newWorld(t, nil)
	piSetup(t, w, 200000)
	dir := stalledBins(t)
	if out, code := w.run(filepath.Join(dir, "launch-runtime"), nil, "install"); code != 0 {
		t.Fatalf("install: exit %d\n%s", code, out)
	}
	w.api.SetScript([]Step{
		piBash("touch pi-stalled"),
		{Text: "finished"},
	})
	out, code := w.piDirect()
	res := oneCall(t, w, "pi", out, code)
	wantResult(t, res, 0, true, "GATE_UNAVAILABLE: mutator-gate did not answer within 10000 ms; next: ")
	if w.exists("pi-stalled") {
		t.Error("the tool ran although its gate never answered")
	}
}

// TestMissingGateBlocks: a gate binary removed after the install (an
// upgrade, a cleaned build folder) cannot be started; both runtimes then
// block the tool instead of running it ungated.
func TestMissingGateBlocks(t *testing.T) {
	w := newWorld(t, nil)
	piSetup(t, w, 200000)
	configDir := filepath.Join(w.home, "claude-config")
	if err := os.MkdirAll(configDir, 0o700); err != nil {
		t.Fatal(err)
	}
	dir := stalledBins(t)
	if out, code := w.run(filepath.Join(dir, "launch-runtime"), []string{"CLAUDE_CONFIG_DIR=" + configDir}, "install"); code != 0 {
		t.Fatalf("install: exit %d\n%s", code, out)
	}
	if err := os.Remove(filepath.Join(dir, "mutator-gate")); err != nil {
		t.Fatal(err)
	}
	w.api.SetScript([]Step{bash("touch missing-claude"), {Text: "finished"}})
	out, code := w.claudeDirect([]string{"CLAUDE_CONFIG_DIR=" + configDir}, "Bash")
	if code != 0 {
		t.Fatalf("claude: exit %d\n%s", code, out)
	}
	wantResult(t, w.api.ToolResults(), 0, true, `onFailure is "block"`)
	w.api.SetScript([]Step{piBash("touch missing-pi"), {Text: "finished"}})
	if out, code := w.piDirect(); code != 0 {
		t.Fatalf("pi: exit %d\n%s", code, out)
	}
	wantResult(t, w.api.ToolResults(), 0, true, "GATE_UNAVAILABLE")
	for _, f := range []string{"missing-claude", "missing-pi"} {
		if w.exists(f) {
			t.Errorf("%s: the tool ran although its gate could not start", f)
		}
	}
}

// TestPiDamagedExtensionStopsPi: a gate extension that fails to load —
// the wrapper's `-e` file or the globally installed one, truncated or
// throwing — stops Pi before any tool runs; Pi does not go on without it.
func TestPiDamagedExtensionStopsPi(t *testing.T) {
	for _, tc := range []struct{ name, src string }{
		{"throws", "export default function (pi: any) { throw new Error('damaged'); }\n"},
		{"truncated", "import { spawn } from \"node:child_process\";\nconst GATE: string = \"/x/mutator-ga"},
	} {
		for _, global := range []bool{false, true} {
			w := newWorld(t, nil)
			piSetup(t, w, 200000)
			dir := filepath.Join(w.home, ".pi", "agent", "extensions")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			ext := filepath.Join(dir, "leasegate-gate.ts")
			if err := os.WriteFile(ext, []byte(tc.src), 0o644); err != nil {
				t.Fatal(err)
			}
			var pre []string
			if !global {
				pre = []string{"-ne", "-e", ext}
			}
			w.api.SetScript([]Step{piBash("touch pi-damaged"), {Text: "finished"}})
			out, code := w.piDirect(pre...)
			if code == 0 || !strings.Contains(out, "Failed to load extension") {
				t.Errorf("%s (global %v): exit %d, want Pi to stop on the extension:\n%s", tc.name, global, code, out)
			}
			if n := len(w.api.ToolResults()); n != 0 || w.exists("pi-damaged") {
				t.Errorf("%s (global %v): %d tool calls went through", tc.name, global, n)
			}
		}
	}
}
