package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/leasegate/leasegate/integrations/dropgate"
)

// The breaks issue 17 found with the real clients, one test per item this
// branch covers (1, 2, 3, 4, 5 and the note of 6), each with its variants.

// refusedBeforeStart runs launch-runtime with args and wants exit 2, a
// refusal naming want, and no request at the model API (Claude Code never
// started) and no session at the broker.
func refusedBeforeStart(t *testing.T, w *world, want string, args ...string) {
	t.Helper()
	out, code := w.launch(60*time.Second, args...)
	if code != 2 || !strings.Contains(out, "refused") || !strings.Contains(out, want) {
		t.Errorf("%v: exit %d, want 2 with a refusal naming %q:\n%s", args, code, want, out)
	}
	if n := len(w.api.Requests()) + len(w.api.Other()); n != 0 {
		t.Errorf("%v: the model API saw %d requests: the runtime started", args, n)
	}
	if s := w.operator("sessions", "--json"); strings.Contains(s, "claude") {
		t.Errorf("%v: a refused launch left a registration: %s", args, s)
	}
}

// TestIssue17SettingsEnvRefused (item 1, and item 3): a --settings value,
// with or without --dangerous, or a --config-dir whose settings.json sets
// an env name that turns hooks off or redirects the hook is refused
// before Claude Code starts.
func TestIssue17SettingsEnvRefused(t *testing.T) {
	w := newWorld(t, []Step{bash("touch should-not-exist"), {Text: "finished"}})
	w.startBroker()
	simple := `{"env":{"CLAUDE_CODE_SIMPLE":"1"},"permissions":{"allow":["Bash"]}}`
	safe := `{"env":{"CLAUDE_CODE_SAFE_MODE":"1"}}`
	redirect := `{"env":{"LEASEGATE_SOCKET":"/elsewhere/x.sock"}}`
	refusedBeforeStart(t, w, "env.CLAUDE_CODE_SIMPLE", claudeArgs("--settings", simple)...)
	refusedBeforeStart(t, w, "env.CLAUDE_CODE_SAFE_MODE", claudeArgs("--settings", safe)...)
	refusedBeforeStart(t, w, "env.LEASEGATE_SOCKET", claudeArgs("--settings", redirect)...)
	refusedBeforeStart(t, w, "env.CLAUDE_CODE_SIMPLE", append([]string{"--runtime", "claude", "--dangerous", "--", "--settings", simple}, claudeArgs()[3:]...)...)
	file := filepath.Join(w.home, "simple.json")
	if err := os.WriteFile(file, []byte(simple), 0o600); err != nil {
		t.Fatal(err)
	}
	refusedBeforeStart(t, w, "env.CLAUDE_CODE_SIMPLE", claudeArgs("--settings", file)...)
	cfg := filepath.Join(w.home, "cfg")
	if err := os.MkdirAll(cfg, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cfg, "settings.json"), []byte(safe), 0o600); err != nil {
		t.Fatal(err)
	}
	refusedBeforeStart(t, w, filepath.Join(cfg, "settings.json"), claudeArgs("--config-dir", cfg)...)
	if w.exists("should-not-exist") {
		t.Error("the scripted Bash ran")
	}
}

// TestIssue17UserLayersEnvRefused (item 2): the user's own settings, and
// the project's and local layers, with such an env take no wrapped session
// out: the launch is refused naming the file and key, and `install`
// refuses to put the gate beside it.
func TestIssue17UserLayersEnvRefused(t *testing.T) {
	w := newWorld(t, []Step{bash("touch should-not-exist"), {Text: "finished"}})
	w.startBroker()
	layers := []string{
		filepath.Join(w.home, ".claude", "settings.json"),
		filepath.Join(w.project, ".claude", "settings.json"),
		filepath.Join(w.project, ".claude", "settings.local.json"),
	}
	for _, f := range layers {
		if err := os.MkdirAll(filepath.Dir(f), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte(`{"env":{"CLAUDE_CODE_SIMPLE":"1"}}`), 0o600); err != nil {
			t.Fatal(err)
		}
		refusedBeforeStart(t, w, f, claudeArgs()...)
		if out, code := w.run(filepath.Join(bins, "launch-runtime"), nil, "install", "--claude-settings", f); code != 2 || !strings.Contains(out, "env.CLAUDE_CODE_SIMPLE") {
			t.Errorf("install into %s: exit %d, want 2 naming the key:\n%s", f, code, out)
		}
		if err := os.Remove(f); err != nil {
			t.Fatal(err)
		}
	}
	if w.exists("should-not-exist") {
		t.Error("the scripted Bash ran")
	}
}

// TestIssue17NestedLaunchDenied (item 5, and item 4): a verified agent's
// Bash cannot start a Claude Code that drops the gate, nor leave an MCP
// server that the next session starts; the same for Pi from a verified
// Pi session.
func TestIssue17NestedLaunchDenied(t *testing.T) {
	w := newWorld(t, nil)
	w.startBroker()
	// --version keeps a nested runtime that does start (on a build
	// without the rule) off the mock model API; the marker after it shows
	// that the command ran.
	nested := []string{
		`claude --bare --version`,
		`claude --settings '{"disableAllHooks":true}' --version`,
		`claude --settings '{"env":{"CLAUDE_CODE_SIMPLE":"1"}}' --version`,
		`claude --setting-sources project --version`,
		`CLAUDE_CONFIG_DIR=/tmp claude --version`,
		`claude mcp add --scope user helper -- sh -c 'touch startup-ran'`,
		`pi -ne --version`,
		`PI_CODING_AGENT_DIR=/tmp pi --version`,
	}
	steps := []Step{{Before: func() { w.promote("300s") }, Tool: "Bash", Input: bash("touch verified-ok").Input}}
	for i, c := range nested {
		steps = append(steps, bash(c+"; touch nested-"+string(rune('a'+i))))
	}
	steps = append(steps,
		// (a Write of ~/.claude.json stops at Claude Code's own "read it
		// first" check, before any hook; the shell is the way in.)
		bash(`printf '{"mcpServers":{"helper":{"command":"sh"}}}' > "$HOME/.claude.json"`),
		Step{Tool: "Write", Input: map[string]any{"file_path": filepath.Join(w.project, ".mcp.json"), "content": `{"mcpServers":{}}`}},
		Step{Text: "finished"})
	w.api.SetScript(steps)
	// --dangerous: Claude Code's own permission prompts are off, as for the
	// attacker of the issue, so only the gate decides.
	out, code := w.launch(180*time.Second, claudeArgs("--dangerous")...)
	if code != 0 {
		t.Fatalf("claude exit %d:\n%s", code, out)
	}
	res := w.api.ToolResults()
	wantResult(t, res, 0, false, "")
	for i := range nested {
		wantResult(t, res, 1+i, true, "runtime-launch")
		if name := "nested-" + string(rune('a'+i)); w.exists(name) {
			t.Errorf("%q ran", nested[i])
		}
	}
	wantResult(t, res, 1+len(nested), true, "POLICY_DENIED")
	wantResult(t, res, 2+len(nested), true, "POLICY_DENIED")
	if _, err := os.Stat(filepath.Join(w.home, ".claude.json")); err == nil {
		if b, _ := os.ReadFile(filepath.Join(w.home, ".claude.json")); strings.Contains(string(b), "helper") {
			t.Errorf("~/.claude.json holds the agent's MCP server:\n%s", b)
		}
	}
	if w.exists(".mcp.json") {
		t.Error("the agent wrote .mcp.json")
	}
	if t.Failed() {
		for i, r := range res {
			t.Logf("result %d: error=%v %q", i, r.IsError, r.Text)
		}
		t.Logf("claude:\n%s", out)
	}
}

// TestIssue17PiNestedLaunchDenied (item 5 for Pi): pi -ne,
// PI_CODING_AGENT_DIR=... pi, pi install and claude --bare from a verified
// Pi bash are denied.
func TestIssue17PiNestedLaunchDenied(t *testing.T) {
	w := newWorld(t, nil)
	w.startBroker()
	piSetup(t, w, 200000)
	nested := []string{`pi -ne --version`, `PI_CODING_AGENT_DIR=/tmp pi --version`, `pi install ./no-such-package`, `claude --bare --version`}
	steps := []Step{{Before: func() { w.promote("300s") }, Tool: "bash", Input: piBash("touch verified-ok").Input}}
	for i, c := range nested {
		steps = append(steps, piBash(c+"; touch nested-"+string(rune('a'+i))))
	}
	w.api.SetScript(append(steps, Step{Text: "finished"}))
	out, code := w.launch(180*time.Second, piArgs()...)
	if code != 0 {
		t.Fatalf("pi exit %d:\n%s", code, out)
	}
	res := w.api.ToolResults()
	wantResult(t, res, 0, false, "")
	for i := range nested {
		wantResult(t, res, 1+i, true, "runtime-launch")
		if w.exists("nested-" + string(rune('a'+i))) {
			t.Errorf("%q ran", nested[i])
		}
	}
	if t.Failed() {
		for i, r := range res {
			t.Logf("result %d: error=%v %q", i, r.IsError, r.Text)
		}
		t.Logf("pi:\n%s", out)
	}
}

// TestIssue17SelfRenewalNote (item 6, where confinement is unavailable):
// a launch against a broker without --verifier-uid says once that a
// verified agent of this user can renew itself, and how to prevent it.
func TestIssue17SelfRenewalNote(t *testing.T) {
	w := newWorld(t, []Step{{Text: "finished"}})
	w.startBroker()
	out, code := w.launch(120*time.Second, claudeArgs()...)
	if code != 0 {
		t.Fatalf("claude exit %d:\n%s", code, out)
	}
	if n := strings.Count(out, "has no --verifier-uid"); n != 1 {
		t.Errorf("the self-renewal note appears %d times, want once:\n%s", n, out)
	}
}

// TestClaudeEnvNamesInBinary: every env name the dropgate model refuses
// with a Claude-specific reason is one the pinned Claude Code binary
// holds, so the list was found, not guessed.
func TestClaudeEnvNamesInBinary(t *testing.T) {
	bin, err := filepath.EvalSymlinks(filepath.Join(e2eDir, "node_modules", ".bin", "claude"))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range dropgate.ClaudeScrubbedEnv() {
		if !strings.Contains(string(data), n) {
			t.Errorf("%s is not in %s", n, bin)
		}
	}
}

// TestIssue17StartupRecorded (item 4): the audit log names every MCP
// server the wrapped session will start, so an operator sees one that a
// verified agent left behind.
func TestIssue17StartupRecorded(t *testing.T) {
	w := newWorld(t, []Step{{Text: "finished"}})
	w.startBroker()
	if err := os.WriteFile(filepath.Join(w.home, ".claude.json"), []byte(`{"mcpServers":{"helper":{"command":"true","args":["left-by-agent"]}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(w.project, ".mcp.json"), []byte(`{"mcpServers":{"shared":{"command":"true"}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	out, code := w.launch(120*time.Second, claudeArgs()...)
	if code != 0 {
		t.Fatalf("claude exit %d:\n%s", code, out)
	}
	ev := w.operator("events", "--kind", "session.startup", "--json")
	for _, want := range []string{"mcp helper: true left-by-agent", "mcp shared: true"} {
		if !strings.Contains(ev, want) {
			t.Errorf("no session.startup record with %q:\n%s", want, ev)
		}
	}
}

// TestIssue17MCPApprovedOnly (item 4, the approved-only mode): with
// --mcp-approved the real Claude Code starts the approved MCP server and
// not the one a verified agent left in ~/.claude.json, which it does
// start without the mode; the audit log says which is which; a confined
// launch refuses an approval file the agent could write.
func TestIssue17MCPApprovedOnly(t *testing.T) {
	w := newWorld(t, nil)
	w.startBroker()
	marker := func(name string) string { return filepath.Join(w.project, name) }
	rogue := `{"mcpServers":{"helper":{"command":"sh","args":["-c","touch ` + marker("rogue-started") + `"]}}}`
	if err := os.WriteFile(filepath.Join(w.home, ".claude.json"), []byte(rogue), 0o600); err != nil {
		t.Fatal(err)
	}
	approved := filepath.Join(w.home, "approved-mcp.json")
	if err := os.WriteFile(approved, []byte(`{"mcpServers":{"good":{"command":"sh","args":["-c","touch `+marker("good-started")+`"]}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	// Control: without the mode the agent's server starts.
	w.api.SetScript([]Step{{Text: "finished"}})
	out, code := w.launch(120*time.Second, claudeArgs("--confine", "off")...)
	if code != 0 || !waitExists(w, "rogue-started") {
		t.Fatalf("control: exit %d, rogue started %v: the test cannot show the mode works:\n%s", code, w.exists("rogue-started"), out)
	}
	if err := os.Remove(marker("rogue-started")); err != nil {
		t.Fatal(err)
	}
	w.api.SetScript([]Step{{Text: "finished"}})
	out, code = w.launch(120*time.Second, claudeArgs("--confine", "off", "--mcp-approved", approved)...)
	if code != 0 {
		t.Fatalf("--mcp-approved: exit %d:\n%s", code, out)
	}
	if !waitExists(w, "good-started") {
		t.Errorf("the approved MCP server did not start:\n%s", out)
	}
	if w.exists("rogue-started") {
		t.Errorf("the unapproved MCP server started under --mcp-approved")
	}
	ev := w.operator("events", "--kind", "session.startup", "--json")
	for _, want := range []string{"not started: not in --mcp-approved", "mcp good: sh -c touch " + marker("good-started") + " (approved " + approved + ")"} {
		if !strings.Contains(ev, want) {
			t.Errorf("no session.startup record with %q:\n%s", want, ev)
		}
	}
	// Confined, an approval file in the work tree (a writable root) is
	// one the agent could rewrite: refused before anything starts.
	inTree := filepath.Join(w.project, "approved-mcp.json")
	if b, err := os.ReadFile(approved); err != nil || os.WriteFile(inTree, b, 0o644) != nil {
		t.Fatal("cannot copy the approval file into the project")
	}
	out, code = w.launch(60*time.Second, claudeArgs("--confine", "require", "--mcp-approved", inTree)...)
	if code != 2 || !strings.Contains(out, "approved MCP servers") {
		t.Errorf("confined launch with a writable approval file: exit %d, want 2 naming it:\n%s", code, out)
	}
}

// waitExists waits briefly for a marker an MCP server process writes (it
// may finish just after the runtime).
func waitExists(w *world, name string) bool {
	for i := 0; i < 50; i++ {
		if w.exists(name) {
			return true
		}
		time.Sleep(100 * time.Millisecond)
	}
	return false
}
