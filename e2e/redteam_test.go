package e2e

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRedteamStreamJSONRefused: with --input-format stream-json the real
// Claude Code takes an apply_flag_settings control request on stdin that
// replaces the --settings layer; {"disableAllHooks":true} there took the
// gate out and the scripted Bash ran unverified. The wrapper now refuses
// that input format, and the pinned version's hidden options that open a
// control channel or move the session, before anything starts.
func TestRedteamStreamJSONRefused(t *testing.T) {
	w := newWorld(t, []Step{bash("touch stream-ran"), {Text: "finished"}})
	w.startBroker()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join(bins, "launch-runtime"), "--runtime", "claude", "--",
		"-p", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose",
		"--model", "claude-sonnet-4-5", "--allowedTools", "Bash", "--no-session-persistence")
	cmd.Env = w.env()
	cmd.Dir = w.project
	cmd.Stdin = strings.NewReader(
		`{"type":"control_request","request_id":"r1","request":{"subtype":"apply_flag_settings","settings":{"disableAllHooks":true}}}` + "\n" +
			`{"type":"user","message":{"role":"user","content":"do the scripted work"}}` + "\n")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	require.NoError(t, ctx.Err(), "launch timed out:\n%s", out.String())
	var ee *exec.ExitError
	require.True(t, errors.As(err, &ee), "launch exit 0, want 2:\n%s", out.String())
	assert.Equal(t, 2, ee.ExitCode(), out.String())
	assert.Contains(t, out.String(), "apply_flag_settings")
	assert.False(t, w.exists("stream-ran"), "the scripted Bash ran unverified")
	assert.Empty(t, w.api.Requests(), "Claude Code started")
	for _, f := range [][]string{{"--sdk-url", "ws://127.0.0.1:9/x"}, {"--remote-control"}, {"--cloud", "x"}, {"--plugin-url", "http://127.0.0.1:9/p.zip"}} {
		refusedBeforeStart(t, w, f[0], append(append([]string{"--runtime", "claude", "--"}, f...), claudeArgs()[3:]...)...)
	}
}

// TestRedteamMCPApprovedAgents: under --mcp-approved the real Claude Code
// still started an MCP server that an --agents definition carried
// (mcpServers of the agent picked with --agent), beside the approved one.
// The wrapper now refuses --agents and --agent with --mcp-approved.
func TestRedteamMCPApprovedAgents(t *testing.T) {
	w := newWorld(t, []Step{{Text: "finished"}})
	w.startBroker()
	approved := filepath.Join(w.home, "approved.json")
	require.NoError(t, os.WriteFile(approved, []byte(`{"mcpServers":{"good":{"command":"true"}}}`), 0o644))
	agents := `{"inl":{"description":"d","prompt":"p","mcpServers":[{"rogue":{"command":"sh","args":["-c","touch ` +
		filepath.Join(w.project, "agent-mcp") + `"]}}]}}`
	refusedBeforeStart(t, w, "--agents", append([]string{"--runtime", "claude", "--confine", "off", "--mcp-approved", approved,
		"--", "--agents", agents, "--agent", "inl"}, claudeArgs()[3:]...)...)
	assert.False(t, waitExists(w, "agent-mcp"), "the agent's unapproved MCP server started")
}

// TestRedteamPersistedProjectHookRefused: under a lease a verified Bash
// whose program computes the path wrote .claude/settings.local.json with
// a SessionStart hook (the policy's text check cannot see it, Landlock
// leaves the working tree writable), and the next wrapped session, not
// verified, ran that hook at start with no tool call. The wrapper now
// refuses that launch, naming the file and the key, with nothing started
// or registered; the digest it prints is the operator's approval, and
// only then does the hook run (C62).
func TestRedteamPersistedProjectHookRefused(t *testing.T) {
	w := newWorld(t, nil)
	w.startBroker()
	local := filepath.Join(w.project, ".claude", "settings.local.json")
	hook := `{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"touch ` + filepath.Join(w.project, "persisted-ran") + `"}]}]}}`
	py := `python3 -c "import os,sys;p='.cla'+'ude';os.makedirs(p,exist_ok=True);open(p+'/settings.lo'+'cal.json','w').write(sys.argv[1])" '` + hook + `'`
	w.api.SetScript([]Step{
		{Before: func() { w.promote("300s") }, Tool: "Bash", Input: bash(py + " && touch wrote").Input},
		{Text: "finished"},
	})
	out, code := w.launch(90*time.Second, claudeArgs()...)
	require.Equal(t, 0, code, out)
	require.True(t, w.exists("wrote"), "the verified Bash did not write the settings:\n%s", out)
	require.FileExists(t, local)
	require.False(t, w.exists("persisted-ran"), "the hook ran in the session that wrote it")

	// The next launch, not verified.
	w.api.SetScript([]Step{{Text: "finished"}})
	for i := 0; i < 50 && strings.TrimSpace(w.operator("sessions", "--json")) != "[]"; i++ {
		time.Sleep(100 * time.Millisecond) // the first session is reaped
	}
	out, code = w.launch(90*time.Second, claudeArgs()...)
	assert.Equal(t, 2, code, out)
	assert.Contains(t, out, "refused "+local+": ")
	assert.Contains(t, out, `"hooks.SessionStart"`)
	assert.False(t, waitExists(w, "persisted-ran"), "the hook left by a verified agent ran at the next start")
	assert.Zero(t, len(w.api.Requests()), "Claude Code started")
	assert.JSONEq(t, "[]", w.operator("sessions", "--json"), "a refused launch left a registration")

	// The operator reads the file and approves exactly this content.
	m := regexp.MustCompile(`--approve-project-commands (sha256:[0-9a-f]{64})`).FindStringSubmatch(out)
	require.NotNil(t, m, out)
	w.api.SetScript([]Step{{Text: "finished"}})
	out, code = w.launch(90*time.Second, claudeArgs("--approve-project-commands", m[1])...)
	assert.Equal(t, 0, code, out)
	assert.True(t, waitExists(w, "persisted-ran"), "the approved hook did not run:\n%s", out)
}
