package launchruntime

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSettingsLayerEnvRefused: every layer Claude Code loads for a wrapped
// session is judged for env names that switch the gate off; the refusal
// names the file and the key, and nothing is registered.
func TestSettingsLayerEnvRefused(t *testing.T) {
	claude := fakeRuntime(t, "claude", "2.1.328 (Claude Code)")
	rows := []struct {
		name   string
		layer  func(home, project, cfg string) string // the file to write
		config bool
		env    string
		key    string
	}{
		{"user", func(h, _, _ string) string { return filepath.Join(h, ".claude", "settings.json") }, false, `{"CLAUDE_CODE_SIMPLE":"1"}`, "env.CLAUDE_CODE_SIMPLE"},
		{"project", func(_, p, _ string) string { return filepath.Join(p, ".claude", "settings.json") }, false, `{"CLAUDE_CODE_SAFE_MODE":"1"}`, "env.CLAUDE_CODE_SAFE_MODE"},
		{"local", func(_, p, _ string) string { return filepath.Join(p, ".claude", "settings.local.json") }, false, `{"LEASEGATE_SOCKET":"/elsewhere/x.sock"}`, "env.LEASEGATE_SOCKET"},
		{"project root above the folder", func(_, p, _ string) string { return filepath.Join(filepath.Dir(p), ".claude", "settings.json") }, false, `{"CLAUDE_CONFIG_DIR":"/x"}`, "env.CLAUDE_CONFIG_DIR"},
		{"config dir", func(_, _, c string) string { return filepath.Join(c, "settings.json") }, true, `{"SOMETHING_UNKNOWN":"1"}`, "env.SOMETHING_UNKNOWN"},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			fb := startFakeBroker(t)
			home := t.TempDir()
			root := t.TempDir()
			require.NoError(t, os.Mkdir(filepath.Join(root, ".git"), 0o700))
			project := filepath.Join(root, "sub")
			cfg := filepath.Join(t.TempDir(), "cfg")
			require.NoError(t, os.MkdirAll(project, 0o700))
			f := r.layer(home, project, cfg)
			require.NoError(t, os.MkdirAll(filepath.Dir(f), 0o700))
			require.NoError(t, os.WriteFile(f, []byte(`{"env":`+r.env+`}`), 0o600))
			deps, call, stderr := testDeps(t, fb, []string{"PATH=/bin", "HOME=" + home})
			deps.Getwd = func() (string, error) { return project, nil }
			args := []string{"--runtime", "claude", "--bin", claude}
			if r.config {
				args = append(args, "--config-dir", cfg)
			}
			code := Run(deps, append(args, "--", "-p", "hi"))
			assert.Equal(t, ExitRefused, code, stderr.String())
			assert.Contains(t, stderr.String(), f)
			assert.Contains(t, stderr.String(), r.key)
			assert.Empty(t, call.argv, "the runtime was started")
			assert.NotContains(t, fb.ops(), "register")
		})
	}
	// A harmless name passes.
	fb := startFakeBroker(t)
	home := t.TempDir()
	user := filepath.Join(home, ".claude", "settings.json")
	require.NoError(t, os.MkdirAll(filepath.Dir(user), 0o700))
	require.NoError(t, os.WriteFile(user, []byte(`{"env":{"DISABLE_TELEMETRY":"1"}}`), 0o600))
	deps, call, stderr := testDeps(t, fb, []string{"PATH=/bin", "HOME=" + home})
	deps.Getwd = func() (string, error) { return t.TempDir(), nil }
	require.Equal(t, 0, Run(deps, []string{"--runtime", "claude", "--bin", claude, "--", "-p", "hi"}), stderr.String())
	assert.NotEmpty(t, call.argv)
}

func TestSettingsFlagEnvRefused(t *testing.T) {
	claude := fakeRuntime(t, "claude", "2.1.328 (Claude Code)")
	for _, v := range []string{
		`{"env":{"CLAUDE_CODE_SIMPLE":"1"},"permissions":{"allow":["Bash"]}}`,
		`{"env":{"CLAUDE_CODE_SAFE_MODE":"1"}}`,
		`{"env":{"LEASEGATE_SOCKET":"/elsewhere/x.sock"}}`,
	} {
		fb := startFakeBroker(t)
		deps, call, stderr := testDeps(t, fb, []string{"PATH=/bin", "HOME=" + t.TempDir()})
		code := Run(deps, []string{"--runtime", "claude", "--dangerous", "--bin", claude, "--", "--settings", v, "-p", "hi"})
		assert.Equal(t, ExitRefused, code, v)
		assert.Contains(t, stderr.String(), "env.")
		assert.Empty(t, call.argv)
	}
}

func TestInstallRefusesSettingsEnv(t *testing.T) {
	fb := startFakeBroker(t)
	home := t.TempDir()
	deps, _, out := testDeps(t, fb, []string{"HOME=" + home})
	settings := filepath.Join(home, ".claude", "settings.json")
	require.NoError(t, os.MkdirAll(filepath.Dir(settings), 0o700))
	body := `{"env":{"CLAUDE_CODE_SIMPLE":"1"}}`
	require.NoError(t, os.WriteFile(settings, []byte(body), 0o600))
	assert.Equal(t, ExitRefused, Run(deps, []string{"install"}))
	assert.Contains(t, out.String(), "env.CLAUDE_CODE_SIMPLE")
	d, _ := os.ReadFile(settings)
	assert.Equal(t, body, string(d), "a refused install changed the file")
	_, err := os.Stat(filepath.Join(home, ".pi", "agent", "extensions", PiExtensionName))
	assert.True(t, os.IsNotExist(err), "a refused install wrote the Pi extension")
}

// TestSelfRenewalNote: a broker without a verifier user is named at
// start, once.
func TestSelfRenewalNote(t *testing.T) {
	fb := startFakeBroker(t)
	deps, _, stderr := testDeps(t, fb, []string{"PATH=/bin", "HOME=" + t.TempDir()})
	deps.Getwd = func() (string, error) { return t.TempDir(), nil }
	claude := fakeRuntime(t, "claude", "2.1.328 (Claude Code)")
	require.Equal(t, 0, Run(deps, []string{"--runtime", "claude", "--bin", claude, "--", "-p", "hi"}), stderr.String())
	assert.Equal(t, 1, strings.Count(stderr.String(), "has no --verifier-uid"), stderr.String())
}

// TestStartupInventory: the registration carries every MCP server, plugin,
// hook and settings command (apiKeyHelper, statusLine, ...) the session
// will start, so the broker records them.
func TestStartupInventory(t *testing.T) {
	fb := startFakeBroker(t)
	home := t.TempDir()
	project := t.TempDir()
	write := func(p, body string) {
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o700))
		require.NoError(t, os.WriteFile(p, []byte(body), 0o600))
	}
	write(filepath.Join(home, ".claude.json"), `{"mcpServers":{"helper":{"command":"sh","args":["-c","touch x\ny"]}},"projects":{"`+project+`":{"mcpServers":{"proj":{"url":"http://127.0.0.1:1"}}}}}`)
	write(filepath.Join(project, ".mcp.json"), `{"mcpServers":{"shared":{"command":"node","args":["srv.js"]}}}`)
	write(filepath.Join(home, ".claude", "settings.json"), `{"enabledPlugins":{"p@m":true,"off@m":false},"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"/bin/echo hi"}]}]}}`)
	write(filepath.Join(project, ".claude", "settings.local.json"), `{"apiKeyHelper":"touch k; echo key","statusLine":{"type":"command","command":"touch s"}}`)
	deps, _, stderr := testDeps(t, fb, []string{"PATH=/bin", "HOME=" + home})
	deps.Getwd = func() (string, error) { return project, nil }
	claude := fakeRuntime(t, "claude", "2.1.328 (Claude Code)")
	// The project-local commands need the operator's approval (C62).
	require.Equal(t, ExitRefused, Run(deps, []string{"--runtime", "claude", "--bin", claude, "--", "-p", "hi"}), stderr.String())
	m := approveDigest.FindStringSubmatch(stderr.String())
	require.NotNil(t, m, stderr.String())
	stderr.Reset()
	require.Equal(t, 0, Run(deps, []string{"--runtime", "claude", "--bin", claude, "--approve-project-commands", m[1], "--", "-p", "hi"}), stderr.String())
	reg := fb.reqs[len(fb.reqs)-1]
	got := reg.Args["startup"]
	for _, want := range []string{"mcp helper: sh -c touch x y", "mcp proj: http://127.0.0.1:1", "mcp shared: node srv.js", "plugin p@m", "hook SessionStart: /bin/echo hi",
		"command apiKeyHelper: touch k; echo key", "command statusLine: touch s"} {
		assert.Contains(t, got, want)
	}
	assert.NotContains(t, got, "off@m")
	assert.NotContains(t, got, "mutator-gate", "the gate's own hooks are not listed")
}
