package e2e

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/cmd/check-launches/checklaunches"
)

// TestFixedRepositoryRegisters: `check-launches fix --write` turns the
// direct launches of a small repository (a shell script, a TS harness, a
// workflow) into gated ones, and the fixed script, run with the real
// Claude Code against the mock model API, registers with the broker: its
// Bash call is denied LEASE_NOT_VERIFIED.
func TestFixedRepositoryRegisters(t *testing.T) {
	w := newWorld(t, nil)
	w.startBroker()
	files := map[string]string{
		"agent.sh": "#!/bin/sh\n# Ask the agent to do the scripted work.\n" +
			"exec claude -p \"do the scripted work\" --model claude-sonnet-4-5 --allowedTools Bash --no-session-persistence\n",
		"harness.ts":                  "import { spawn } from 'node:child_process';\n\nspawn('claude', ['-p', 'hi'], { stdio: 'inherit' });\n",
		".github/workflows/agent.yml": "on: push\njobs:\n  agent:\n    runs-on: ubuntu-latest\n    steps:\n      - run: claude -p \"review\"\n",
	}
	for name, body := range files {
		p := filepath.Join(w.project, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(body), 0o755)) // check-launches: inert a fixture script the test writes for the scanner, never run
	}
	checkLaunches := func(args ...string) (int, string) {
		var out, errb bytes.Buffer
		code := checklaunches.Main(args, strings.NewReader(""), &out, &errb)
		return code, out.String() + errb.String()
	}
	code, out := checkLaunches("--root", w.project)
	require.Equal(t, checklaunches.ExitRed, code, "the repository starts RED:\n%s", out)
	code, out = checkLaunches("fix", "--root", w.project, "--write")
	require.Equal(t, checklaunches.ExitOK, code, out)
	assert.Contains(t, out, "rewrote 3 RED findings in 3 files")
	code, out = checkLaunches("--root", w.project)
	require.Equal(t, checklaunches.ExitOK, code, "after fix every launch is gated:\n%s", out)
	script, err := os.ReadFile(filepath.Join(w.project, "agent.sh"))
	require.NoError(t, err)
	require.Contains(t, string(script), "exec launch-runtime --runtime claude -- -p ")

	w.api.SetScript([]Step{bash("touch created-by-fixed-script"), {Text: "finished"}})
	out, code = w.run("sh", nil, "agent.sh")
	require.Equal(t, 0, code, out)
	res := w.api.ToolResults()
	wantResult(t, res, 0, true, "LEASE_NOT_VERIFIED")
	assert.False(t, w.exists("created-by-fixed-script"), "the unverified session's Bash ran")
	// The audit log, not the session table: the broker forgets a session
	// within a sweep once its runtime has exited, so the table may already
	// be empty here.
	var regs []struct{ Runtime string }
	for _, line := range strings.Split(strings.TrimSpace(w.operator("events", "--kind", "lease.registered", "--json")), "\n") {
		if line == "" {
			continue
		}
		var r struct{ Runtime string }
		require.NoError(t, json.Unmarshal([]byte(line), &r), line)
		regs = append(regs, r)
	}
	require.Len(t, regs, 1, "the fixed script registered one session")
	assert.Equal(t, "claude", regs[0].Runtime)
}
