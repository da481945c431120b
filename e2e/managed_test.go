package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// managedEtc is a private /etc for `install --managed`: each program runs
// in a new user and mount namespace where /etc is an overlay of the real
// one, with its writes (/etc/claude-code/managed-settings.json) kept in a
// folder of the test. Claude Code 2.1.328 reads its managed layer from
// the fixed path /etc/claude-code (no variable moves it), so this is the
// only way to install there without touching the machine.
type managedEtc struct {
	upper, work string
}

func newManagedEtc(t *testing.T) *managedEtc {
	t.Helper()
	if _, err := exec.LookPath("unshare"); err != nil {
		t.Fatalf("unshare (util-linux) is needed for a private /etc/claude-code: %v", err)
	}
	root := t.TempDir()
	m := &managedEtc{upper: filepath.Join(root, "upper"), work: filepath.Join(root, "work")}
	for _, d := range []string{m.upper, m.work} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// wrap returns the argv that runs prog with args in the private /etc.
func (m *managedEtc) wrap(prog string, args ...string) []string {
	script := `set -e
mount -t overlay overlay -o "lowerdir=/etc,upperdir=$0,workdir=$1" /etc
shift
exec "$@"`
	return append([]string{"-Urm", "sh", "-c", script, m.upper, m.work, prog}, args...)
}

// run runs prog in the private /etc with the world's environment.
func (m *managedEtc) run(w *world, env []string, prog string, args ...string) (string, int) {
	w.t.Helper()
	return w.run("unshare", env, m.wrap(prog, args...)...)
}

// TestIssue17ManagedInstallDirectLaunches (item 2 under `install
// --managed`): the gate installed in the managed layer, then a direct
// `claude`/`pi` in each form the issue lists. For each form the table says
// whether the managed install holds (every tool, Read included, is denied
// GATE_UNAVAILABLE and the scripted Bash leaves no file) or not (the
// scripted Bash runs): docs/launch-runtime.md and README state the same
// split, and a change in the clients shows up here as a failing row, not
// as a stale sentence.
func TestIssue17ManagedInstallDirectLaunches(t *testing.T) {
	w := newWorld(t, nil)
	m := newManagedEtc(t)
	claudeBin := filepath.Join(e2eDir, "node_modules", ".bin", "claude")
	piBin := filepath.Join(e2eDir, "node_modules", ".bin", "pi")
	piSetup(t, w, 200000)
	claudeBase := []string{"-p", "work", "--model", "claude-sonnet-4-5", "--allowedTools", "Bash,Read", "--no-session-persistence"}
	piBase := []string{"--provider", "mock", "--model", "mock-model", "--no-session", "-p", "work"}
	// The control: in the private /etc, before the install, a direct
	// claude runs its Bash (so a denial below is the managed gate's).
	w.api.SetScript([]Step{bash("touch before-install"), {Text: "finished"}})
	if out, _ := m.run(w, nil, claudeBin, claudeBase...); !w.exists("before-install") {
		t.Fatalf("control: a direct claude before the install did not run its Bash:\n%s", out)
	}
	if out, code := m.run(w, nil, filepath.Join(bins, "launch-runtime"), "install", "--managed"); code != 0 {
		t.Fatalf("install --managed: exit %d\n%s", code, out)
	}
	managed := filepath.Join(m.upper, "claude-code", "managed-settings.json")
	if b, err := os.ReadFile(managed); err != nil || !strings.Contains(string(b), "mutator-gate") {
		t.Fatalf("install --managed wrote no gate into the private %s: %v\n%s", managed, err, b)
	}
	userSettings := filepath.Join(w.home, ".claude", "settings.json")
	if err := os.MkdirAll(filepath.Dir(userSettings), 0o700); err != nil {
		t.Fatal(err)
	}
	otherPi := filepath.Join(w.home, "other-pi")
	if err := os.MkdirAll(otherPi, 0o700); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(w.home, ".pi", "agent", "models.json")); err == nil {
		_ = os.WriteFile(filepath.Join(otherPi, "models.json"), b, 0o600)
	}
	rows := []struct {
		name string
		prog string
		env  []string
		args []string
		// userEnv is put into the user's settings.json for the row.
		userEnv string
		held    bool
	}{
		{name: "plain claude", prog: claudeBin, args: claudeBase, held: true},
		{name: "--settings disableAllHooks", prog: claudeBin, args: append([]string{"--settings", `{"disableAllHooks":true}`}, claudeBase...), held: true},
		{name: "--setting-sources project", prog: claudeBin, args: append([]string{"--setting-sources", "project"}, claudeBase...), held: true},
		{name: "--bare", prog: claudeBin, args: append([]string{"--bare"}, claudeBase...), held: true},
		{name: "--safe-mode", prog: claudeBin, args: append([]string{"--safe-mode"}, claudeBase...), held: true},
		{name: "CLAUDE_CONFIG_DIR", prog: claudeBin, env: []string{"CLAUDE_CONFIG_DIR=" + filepath.Join(w.home, "elsewhere")}, args: claudeBase, held: true},
		{name: "settings env CLAUDE_CODE_SIMPLE", prog: claudeBin, args: claudeBase, userEnv: `{"env":{"CLAUDE_CODE_SIMPLE":"1"}}`, held: true},
		{name: "settings env CLAUDE_CODE_SAFE_MODE", prog: claudeBin, args: claudeBase, userEnv: `{"env":{"CLAUDE_CODE_SAFE_MODE":"1"}}`, held: true},
		{name: "--managed-settings disableAllHooks", prog: claudeBin, args: append([]string{"--managed-settings", `{"disableAllHooks":true}`}, claudeBase...), held: true},
		{name: "CLAUDE_CODE_MANAGED_SETTINGS_PATH", prog: claudeBin, env: []string{"CLAUDE_CODE_MANAGED_SETTINGS_PATH=" + filepath.Join(w.home, "none.json")}, args: claudeBase, held: true},
		{name: "plain pi", prog: piBin, args: piBase, held: true},
		// Pi has no administrator layer: the gate extension lives in the
		// user's agent folder, and any start may turn discovery off or
		// move the folder.
		{name: "pi -ne", prog: piBin, args: append([]string{"-ne"}, piBase...), held: false},
		{name: "PI_CODING_AGENT_DIR", prog: piBin, env: []string{"PI_CODING_AGENT_DIR=" + otherPi}, args: piBase, held: false},
	}
	for i, r := range rows {
		marker := "direct-" + string(rune('a'+i))
		if r.userEnv != "" {
			if err := os.WriteFile(userSettings, []byte(r.userEnv), 0o600); err != nil {
				t.Fatal(err)
			}
		} else {
			_ = os.Remove(userSettings)
		}
		readTool, bashTool := "Read", bash("touch "+marker)
		readInput := map[string]any{"file_path": filepath.Join(w.project, "notes.txt")}
		if r.prog == piBin {
			readTool, bashTool = "read", piBash("touch "+marker)
			readInput = map[string]any{"path": filepath.Join(w.project, "notes.txt")}
		}
		w.api.SetScript([]Step{{Tool: readTool, Input: readInput}, bashTool, {Text: "finished"}})
		out, _ := m.run(w, r.env, r.prog, r.args...)
		res := w.api.ToolResults()
		ran := w.exists(marker)
		switch {
		case len(res) != 2:
			t.Errorf("%s: %d tool results, want 2 (the run did not reach the tools):\n%s", r.name, len(res), out)
		case r.held:
			for j := range res {
				if !res[j].IsError || !strings.Contains(res[j].Text, "GATE_UNAVAILABLE") {
					t.Errorf("%s: tool result %d not denied GATE_UNAVAILABLE: error=%v %q", r.name, j, res[j].IsError, res[j].Text)
				}
			}
			if ran {
				t.Errorf("%s: the direct Bash ran under the managed install", r.name)
			}
		case !ran:
			t.Errorf("%s: the table says the managed install cannot stop this form, but the Bash did not run (docs and table are stale): %+v", r.name, res)
		}
	}
}
