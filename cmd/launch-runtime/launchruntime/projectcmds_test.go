package launchruntime

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestProjectCommandsRefused: a project or local settings layer (launch
// folder, project root, --add-dir folder) that holds a hook of any event,
// a settings command or a key not known to be safe refuses the launch
// before anything is registered, naming the file, the key and the digest
// to approve; keys known to run nothing pass.
func TestProjectCommandsRefused(t *testing.T) {
	claude := fakeRuntime(t, "claude", "2.1.328 (Claude Code)")
	local := func(p, _ string) string { return filepath.Join(p, ".claude", "settings.local.json") }
	hook := `[{"hooks":[{"type":"command","command":"touch x"}]}]`
	rows := []struct {
		name  string
		layer func(project, addDir string) string
		body  string
		key   string // "" for a launch that goes on
	}{
		{"SessionStart hook", local, `{"hooks":{"SessionStart":` + hook + `}}`, "hooks.SessionStart"},
		{"PreToolUse hook", local, `{"hooks":{"PreToolUse":` + hook + `}}`, "hooks.PreToolUse"},
		{"an event not known yet", local, `{"hooks":{"SomeFutureEvent":` + hook + `}}`, "hooks.SomeFutureEvent"},
		{"hooks not an object", local, `{"hooks":"touch x"}`, "hooks"},
		{"a hook named like the gate", local, `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"/tmp/mutator-gate x"}]}]}}`, "hooks.Stop"},
		{"apiKeyHelper", local, `{"apiKeyHelper":"touch x"}`, "apiKeyHelper"},
		{"awsAuthRefresh", local, `{"awsAuthRefresh":"touch x"}`, "awsAuthRefresh"},
		{"awsCredentialExport", local, `{"awsCredentialExport":"touch x"}`, "awsCredentialExport"},
		{"gcpAuthRefresh", local, `{"gcpAuthRefresh":"touch x"}`, "gcpAuthRefresh"},
		{"otelHeadersHelper", local, `{"otelHeadersHelper":"touch x"}`, "otelHeadersHelper"},
		{"statusLine", local, `{"statusLine":{"type":"command","command":"touch x"}}`, "statusLine"},
		{"subagentStatusLine", local, `{"subagentStatusLine":{"type":"command","command":"touch x"}}`, "subagentStatusLine"},
		{"fileSuggestion", local, `{"fileSuggestion":{"type":"command","command":"touch x"}}`, "fileSuggestion"},
		{"a key not known", local, `{"someNewHelper":"touch x"}`, "someNewHelper"},
		{"a key with a newline", local, `{"a\nb":"touch x"}`, `a\nb`},
		{"plugins", local, `{"enabledPlugins":{"p@m":true}}`, "enabledPlugins"},
		{"project MCP servers", local, `{"enableAllProjectMcpServers":true}`, "enableAllProjectMcpServers"},
		{"project layer", func(p, _ string) string { return filepath.Join(p, ".claude", "settings.json") }, `{"hooks":{"SessionStart":` + hook + `}}`, "hooks.SessionStart"},
		{"project root above", func(p, _ string) string { return filepath.Join(filepath.Dir(p), ".claude", "settings.local.json") }, `{"apiKeyHelper":"x"}`, "apiKeyHelper"},
		{"--add-dir folder", func(_, d string) string { return filepath.Join(d, ".claude", "settings.json") }, `{"hooks":{"SessionStart":` + hook + `}}`, "hooks.SessionStart"},
		{"safe keys", local, `{"model":"m","permissions":{"allow":["Bash"]},"disableAllHooks":true,"env":{"DISABLE_TELEMETRY":"1"}}`, ""},
		{"empty hooks", local, `{"hooks":{}}`, ""},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			fb := startFakeBroker(t)
			home := t.TempDir()
			root := t.TempDir()
			require.NoError(t, os.Mkdir(filepath.Join(root, ".git"), 0o700))
			project := filepath.Join(root, "sub")
			addDir := t.TempDir()
			require.NoError(t, os.MkdirAll(project, 0o700))
			f := r.layer(project, addDir)
			require.NoError(t, os.MkdirAll(filepath.Dir(f), 0o700))
			require.NoError(t, os.WriteFile(f, []byte(r.body), 0o600))
			deps, call, stderr := testDeps(t, fb, []string{"PATH=/bin", "HOME=" + home})
			deps.Getwd = func() (string, error) { return project, nil }
			code := Run(deps, []string{"--runtime", "claude", "--bin", claude, "--confine", "off", "--", "--add-dir", addDir, "-p", "hi"})
			if r.key == "" {
				assert.Equal(t, 0, code, stderr.String())
				return
			}
			assert.Equal(t, ExitRefused, code, stderr.String())
			assert.Contains(t, stderr.String(), "refused "+f+": ")
			assert.Contains(t, stderr.String(), `"`+r.key+`"`)
			assert.Contains(t, stderr.String(), "--approve-project-commands sha256:")
			assert.Equal(t, 1, countLines(stderr.String()), "one line")
			assert.Empty(t, call.argv, "the runtime was started")
			assert.NotContains(t, fb.ops(), "register")
		})
	}
}

func countLines(s string) int {
	return len(regexp.MustCompile(`(?m)^.+$`).FindAllString(s, -1))
}

var approveDigest = regexp.MustCompile(`--approve-project-commands (sha256:[0-9a-f]{64})`)

// TestProjectCommandsApproval: the digest printed by a refusal starts the
// session; once a command changes, the old digest is refused again.
func TestProjectCommandsApproval(t *testing.T) {
	claude := fakeRuntime(t, "claude", "2.1.328 (Claude Code)")
	fb := startFakeBroker(t)
	project := t.TempDir()
	f := filepath.Join(project, ".claude", "settings.local.json")
	require.NoError(t, os.MkdirAll(filepath.Dir(f), 0o700))
	require.NoError(t, os.WriteFile(f, []byte(`{"apiKeyHelper":"echo key"}`), 0o600))
	run := func(extra ...string) (int, string) {
		deps, _, stderr := testDeps(t, fb, []string{"PATH=/bin", "HOME=" + t.TempDir()})
		deps.Getwd = func() (string, error) { return project, nil }
		code := Run(deps, append(append([]string{"--runtime", "claude", "--bin", claude, "--confine", "off"}, extra...), "--", "-p", "hi"))
		return code, stderr.String()
	}
	code, out := run()
	require.Equal(t, ExitRefused, code, out)
	assert.Contains(t, out, "unapproved")
	m := approveDigest.FindStringSubmatch(out)
	require.NotNil(t, m, out)
	code, out = run("--approve-project-commands", m[1])
	require.Equal(t, 0, code, out)

	require.NoError(t, os.WriteFile(f, []byte(`{"apiKeyHelper":"touch pwned; echo key"}`), 0o600))
	code, out = run("--approve-project-commands", m[1])
	assert.Equal(t, ExitRefused, code, out)
	assert.Contains(t, out, "changed since the approval")
}

// TestProjectCommandsGateHook: the gate's own hook in a project layer
// (install --claude-settings into it) needs no approval, matched on the
// exact gate binary only.
func TestProjectCommandsGateHook(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "settings.json")
	gate := "/opt/leasegate/mutator-gate"
	require.NoError(t, os.WriteFile(f, []byte(`{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"/opt/leasegate/mutator-gate --runtime claude"}]}]}}`), 0o600))
	cmds, err := findProjectCommands([]string{f}, gate)
	require.NoError(t, err)
	assert.Empty(t, cmds)
	cmds, err = findProjectCommands([]string{f}, "/elsewhere/mutator-gate")
	require.NoError(t, err)
	require.Len(t, cmds, 1)
	assert.Equal(t, "hooks.PreToolUse", cmds[0].key)
}

// TestAddDirArgs: --add-dir takes several folders, inline or not.
func TestAddDirArgs(t *testing.T) {
	assert.Equal(t, []string{"a", "b", "c"}, addDirArgs([]string{"--add-dir", "a", "b", "-p", "x", "--add-dir=c"}))
	assert.Empty(t, addDirArgs([]string{"-p", "a"}))
}

// TestPiRPCRefused: Pi's RPC mode runs stdin's bash commands with no tool
// call; every spelling is refused before anything is registered.
func TestPiRPCRefused(t *testing.T) {
	pi := fakeRuntime(t, "pi", "0.73.1")
	for _, args := range [][]string{{"--mode", "rpc"}, {"--mode=rpc"}, {"-p", "x", "--mode", " rpc"}} {
		fb := startFakeBroker(t)
		deps, call, stderr := testDeps(t, fb, []string{"PATH=/bin", "HOME=" + t.TempDir()})
		code := Run(deps, append([]string{"--runtime", "pi", "--bin", pi, "--confine", "off", "--"}, args...))
		assert.Equal(t, ExitRefused, code, stderr.String())
		assert.Contains(t, stderr.String(), "refused --mode rpc: ")
		assert.Empty(t, call.argv)
		assert.NotContains(t, fb.ops(), "register")
	}
	fb := startFakeBroker(t)
	deps, _, stderr := testDeps(t, fb, []string{"PATH=/bin", "HOME=" + t.TempDir()})
	assert.Equal(t, 0, Run(deps, []string{"--runtime", "pi", "--bin", pi, "--confine", "off", "--", "--mode", "json", "-p", "x"}), stderr.String())
}

// TestProjectCommandsListBounded: a refusal names at most
// maxListedCommands keys and counts the rest.
func TestProjectCommandsListBounded(t *testing.T) {
	var cmds []projectCommand
	for i := 0; i < maxListedCommands+2; i++ {
		cmds = append(cmds, projectCommand{"/p/s.json", string(rune('a' + i)), "x"})
	}
	err := checkProjectCommands(cmds, "")
	require.ErrorIs(t, err, ErrRefused)
	assert.Contains(t, err.Error(), `/p/s.json "h", 2 more;`)
	assert.NotContains(t, err.Error(), `"i"`)
}
