package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
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

// directRow is one direct start of a runtime after `install`, and whether
// the gate holds against it with the user install and with the managed one.
type directRow struct {
	name    string
	pi      bool
	env     []string
	args    []string
	userEnv string // an "env" object put into the user's settings.json
	// userHeld, managedHeld: every tool, Read included, is denied
	// GATE_UNAVAILABLE and the scripted Bash leaves no file; otherwise
	// the scripted Bash runs.
	userHeld, managedHeld bool
}

// TestIssue17ManagedInstallDirectLaunches (item 2): the gate installed in
// the user's settings, then in the managed layer, and a direct
// `claude`/`pi` in each form the issue lists (and the two that name the
// managed layer). For each form the table says whether each install holds.
// docs/launch-runtime.md ("What a direct launch can escape") and README
// state the same split, so a change in the clients fails a row instead of
// leaving a stale sentence.
func TestIssue17ManagedInstallDirectLaunches(t *testing.T) {
	w := newWorld(t, nil)
	m := newManagedEtc(t)
	piSetup(t, w, 200000)
	claudeBase := []string{"-p", "work", "--model", "claude-sonnet-4-5", "--allowedTools", "Bash,Read", "--no-session-persistence"}
	piBase := []string{"--provider", "mock", "--model", "mock-model", "--no-session", "-p", "work"}
	otherPi := filepath.Join(w.home, "other-pi")
	if err := os.MkdirAll(otherPi, 0o700); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(w.home, ".pi", "agent", "models.json")); err == nil {
		require.NoError(t, os.WriteFile(filepath.Join(otherPi, "models.json"), b, 0o600))
	}
	with := func(pre ...string) []string { return append(pre, claudeBase...) }
	rows := []directRow{
		{name: "plain claude", args: claudeBase, userHeld: true, managedHeld: true},
		{name: "--settings disableAllHooks", args: with("--settings", `{"disableAllHooks":true}`), managedHeld: true},
		{name: "--setting-sources project", args: with("--setting-sources", "project"), managedHeld: true},
		{name: "--bare", args: with("--bare"), managedHeld: true},
		{name: "--safe-mode", args: with("--safe-mode"), managedHeld: true},
		{name: "CLAUDE_CONFIG_DIR", env: []string{"CLAUDE_CONFIG_DIR=" + filepath.Join(w.home, "elsewhere")}, args: claudeBase, managedHeld: true},
		{name: "settings env CLAUDE_CODE_SIMPLE", args: claudeBase, userEnv: `{"CLAUDE_CODE_SIMPLE":"1"}`, managedHeld: true},
		{name: "settings env CLAUDE_CODE_SAFE_MODE", args: claudeBase, userEnv: `{"CLAUDE_CODE_SAFE_MODE":"1"}`, managedHeld: true},
		{name: "--managed-settings disableAllHooks", args: with("--managed-settings", `{"disableAllHooks":true}`), managedHeld: true},
		{name: "CLAUDE_CODE_MANAGED_SETTINGS_PATH", env: []string{"CLAUDE_CODE_MANAGED_SETTINGS_PATH=" + filepath.Join(w.home, "none.json")}, args: claudeBase, userHeld: true, managedHeld: true},
		{name: "plain pi", pi: true, args: piBase, userHeld: true, managedHeld: true},
		// Pi has no administrator layer: the gate extension lives in the
		// user's agent folder, and any start may turn discovery off or
		// move the folder.
		{name: "pi -ne", pi: true, args: append([]string{"-ne"}, piBase...)},
		{name: "PI_CODING_AGENT_DIR", pi: true, env: []string{"PI_CODING_AGENT_DIR=" + otherPi}, args: piBase},
	}
	// The control: in the private /etc, before any install, a direct
	// claude runs its Bash (so a denial below is the installed gate's).
	w.api.SetScript([]Step{bash("touch before-install"), {Text: "finished"}})
	if out, _ := m.run(w, nil, claudeBin(), claudeBase...); !w.exists("before-install") {
		t.Fatalf("control: a direct claude before the install did not run its Bash:\n%s", out)
	}
	launchRuntime := filepath.Join(bins, "launch-runtime")
	userSettings := filepath.Join(w.home, ".claude", "settings.json")
	t.Run("user", func(t *testing.T) {
		out, code := m.run(w, nil, launchRuntime, "install")
		require.Equal(t, 0, code, "install: %s", out)
		gated, err := os.ReadFile(userSettings)
		require.NoError(t, err)
		for i, r := range rows {
			settings := gated
			if r.userEnv != "" {
				// install refuses such an env; the user adds it later.
				var s map[string]any
				require.NoError(t, json.Unmarshal(gated, &s))
				require.NoError(t, json.Unmarshal([]byte(r.userEnv), new(map[string]any)))
				s["env"] = json.RawMessage(r.userEnv)
				settings, err = json.Marshal(s)
				require.NoError(t, err)
			}
			require.NoError(t, os.WriteFile(userSettings, settings, 0o600))
			directCase(t, w, m, r, r.userHeld, "user-"+string(rune('a'+i)))
		}
		require.NoError(t, os.WriteFile(userSettings, gated, 0o600))
		out, code = m.run(w, nil, launchRuntime, "uninstall")
		require.Equal(t, 0, code, "uninstall: %s", out)
	})
	t.Run("managed", func(t *testing.T) {
		out, code := m.run(w, nil, launchRuntime, "install", "--managed")
		require.Equal(t, 0, code, "install --managed: %s", out)
		managed := filepath.Join(m.upper, "claude-code", "managed-settings.json")
		b, err := os.ReadFile(managed)
		require.NoError(t, err)
		require.Contains(t, string(b), "mutator-gate", "install --managed wrote no gate into the private %s", managed)
		b, _ = os.ReadFile(userSettings)
		require.NotContains(t, string(b), "mutator-gate", "the user layer still holds the gate")
		for i, r := range rows {
			if r.userEnv != "" {
				require.NoError(t, os.WriteFile(userSettings, []byte(`{"env":`+r.userEnv+`}`), 0o600))
			} else {
				_ = os.Remove(userSettings)
			}
			directCase(t, w, m, r, r.managedHeld, "managed-"+string(rune('a'+i)))
		}
	})
}

func claudeBin() string { return filepath.Join(e2eDir, "node_modules", ".bin", "claude") }
func piBin() string     { return filepath.Join(e2eDir, "node_modules", ".bin", "pi") }

// directCase runs one row in the private /etc: a Read of notes.txt, then
// a Bash that touches marker.
func directCase(t *testing.T, w *world, m *managedEtc, r directRow, held bool, marker string) {
	t.Helper()
	prog, readTool, bashStep := claudeBin(), "Read", bash("touch "+marker)
	readInput := map[string]any{"file_path": filepath.Join(w.project, "notes.txt")}
	if r.pi {
		prog, readTool, bashStep = piBin(), "read", piBash("touch "+marker)
		readInput = map[string]any{"path": filepath.Join(w.project, "notes.txt")}
	}
	w.api.SetScript([]Step{{Tool: readTool, Input: readInput}, bashStep, {Text: "finished"}})
	out, _ := m.run(w, r.env, prog, r.args...)
	res := w.api.ToolResults()
	ran := w.exists(marker)
	switch {
	case len(res) != 2:
		t.Errorf("%s: %d tool results, want 2 (the run did not reach the tools):\n%s", r.name, len(res), out)
	case held:
		for j := range res {
			// The model sees the denial with its next step (issue 19).
			if !res[j].IsError || !strings.Contains(res[j].Text, "GATE_UNAVAILABLE") || !strings.Contains(res[j].Text, "; next: start the agent through launch-runtime") {
				t.Errorf("%s: tool result %d not denied GATE_UNAVAILABLE: error=%v %q", r.name, j, res[j].IsError, res[j].Text)
			}
		}
		if ran {
			t.Errorf("%s: the direct Bash ran although the table says the install holds", r.name)
		}
	case !ran:
		t.Errorf("%s: the table says the install cannot stop this form, but the Bash did not run (docs and table are stale): %+v", r.name, res)
	}
}
