package launchruntime

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMCPApproved: with --mcp-approved FILE, Claude Code starts with
// --strict-mcp-config and a sealed copy of FILE as its only MCP
// configuration; the registration lists the approved servers and marks
// every other configured server as not started; FILE is a gate file.
func TestMCPApproved(t *testing.T) {
	fb := startFakeBroker(t)
	home := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(home, ".claude.json"), []byte(`{"mcpServers":{"rogue":{"command":"sh","args":["-c","touch x"]}}}`), 0o600))
	deps, call, stderr := testDeps(t, fb, []string{"PATH=/bin", "HOME=" + home})
	bin := fakeRuntime(t, "claude", "2.1.328 (Claude Code)")
	approved := filepath.Join(t.TempDir(), "approved.json")
	body := `{"mcpServers":{"good":{"command":"/opt/mcp/good","args":["--ro"]}}}`
	require.NoError(t, os.WriteFile(approved, []byte(body), 0o644))
	code := Run(deps, []string{"--runtime", "claude", "--confine", "off", "--mcp-approved", approved, "--bin", bin, "--", "-p", "hi"})
	require.Equal(t, 0, code, "%s", stderr)
	require.GreaterOrEqual(t, len(call.argv), 6)
	assert.Equal(t, []string{"--strict-mcp-config", "--mcp-config"}, call.argv[3:5])
	sealed := call.argv[5]
	assert.Equal(t, filepath.Join(filepath.Dir(call.argv[2]), "mcp-approved.json"), sealed)
	got, err := os.ReadFile(sealed)
	require.NoError(t, err)
	assert.Equal(t, body, string(got))
	st, err := os.Stat(sealed)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o444), st.Mode().Perm())
	assert.Equal(t, []string{"-p", "hi"}, call.argv[6:])
	reg := fb.reqs[len(fb.reqs)-1]
	assert.Contains(t, reg.Args["startup"], "mcp rogue: sh -c touch x ("+filepath.Join(home, ".claude.json")+") not started: not in --mcp-approved")
	assert.Contains(t, reg.Args["startup"], "mcp good: /opt/mcp/good --ro (approved "+approved+")")
	files := strings.Split(reg.Args["gate_files"], "\n")
	assert.Contains(t, files, sealed)
	assert.Contains(t, files, approved)
}

// TestMCPApprovedRefusals: whatever the wrapper cannot judge refuses the
// launch (exit 2) before the broker hears of it.
func TestMCPApprovedRefusals(t *testing.T) {
	fb := startFakeBroker(t)
	deps, _, stderr := testDeps(t, fb, []string{"PATH=/bin", "HOME=" + t.TempDir()})
	bin := fakeRuntime(t, "claude", "2.1.328 (Claude Code)")
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		return p
	}
	good := write("good.json", `{"mcpServers":{}}`)
	link := filepath.Join(dir, "link.json")
	require.NoError(t, os.Symlink(good, link))
	rows := []struct {
		file  string
		extra []string
		want  string
	}{
		{filepath.Join(dir, "missing.json"), nil, "cannot be read"},
		{link, nil, "not a regular file"},
		{write("bad.json", `{"mcpServers":`), nil, "not one JSON object"},
		{write("list.json", `{"mcpServers":[]}`), nil, `no "mcpServers" object`},
		{write("other.json", `{"mcpServers":{},"hooks":{}}`), nil, `"hooks"`},
		{write("nocmd.json", `{"mcpServers":{"x":{"args":["a"]}}}`), nil, "neither a command nor a url"},
		{good, []string{"--mcp-config", "/tmp/more.json"}, "--mcp-approved decides"},
		{good, []string{"--mcp-config=/tmp/more.json"}, "--mcp-approved decides"},
		{good, []string{"--strict-mcp-config"}, "--mcp-approved decides"},
		{good, []string{"--agents", `{"a":{"description":"d","prompt":"p","mcpServers":[{"x":{"command":"sh"}}]}}`, "--agent", "a"}, "--mcp-approved takes no --agents"},
		{good, []string{"--agent=helper"}, "--mcp-approved takes no --agents"},
	}
	for _, r := range rows {
		stderr.Reset()
		args := append([]string{"--runtime", "claude", "--confine", "off", "--mcp-approved", r.file, "--bin", bin, "--", "-p", "hi"}, r.extra...)
		assert.Equal(t, ExitRefused, Run(deps, args), "%s %v", r.file, r.extra)
		assert.Contains(t, stderr.String(), r.want, "%s %v", r.file, r.extra)
	}
	assert.Empty(t, fb.ops(), "a refused launch reached the broker")
	_, err := ParseArgs([]string{"--runtime", "pi", "--mcp-approved", good})
	assert.ErrorIs(t, err, ErrUsage)
}
