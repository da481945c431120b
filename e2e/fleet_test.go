package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/gate"
	"github.com/leasegate/leasegate/lease/fleet"
	"github.com/leasegate/leasegate/lease/fleet/pgtest"
)

// TestClaudeFleetAudit: with the real Claude Code, a broker started with
// --audit-db ships a policy denial (code and rule) and a shadow rule's
// would-deny (rule) into PostgreSQL, and `report --db` counts both.
func TestClaudeFleetAudit(t *testing.T) {
	pg := pgtest.Start(t)
	w := newWorld(t, nil)
	pw := filepath.Join(w.home, "pgpass")
	require.NoError(t, os.WriteFile(pw, []byte(pg.Password+"\n"), 0o600))
	db := []string{"--db", pg.URLNoPassword(), "--db-password-file", pw}
	w.operator(append([]string{"db", "migrate"}, db...)...)

	// The default policy and one rule set on trial, in shadow mode.
	policy := filepath.Join(w.home, "policy.yaml")
	trial := "\n  - name: trial\n    mode: shadow\n    rules:\n      - id: trial-no-echo\n        reason: trying out a rule that forbids echo\n        command: [echo]\n        all:\n          - contains: [marmalade]\n"
	require.NoError(t, os.WriteFile(policy, append(gate.DefaultPolicyYAML(), trial...), 0o600))
	w.startBroker("--policy", policy, "--audit-db", pg.URLNoPassword(), "--audit-db-password-file", pw, "--audit-host", "e2e-host")

	w.api.SetScript([]Step{
		{Before: func() { w.promote("300s") }, Tool: "Bash", Input: map[string]any{"command": "echo marmalade"}},
		bash("git push --force origin main"),
		{Text: "finished"},
	})
	out, code := w.launch(90*time.Second, claudeArgs()...)
	require.Equal(t, 0, code, out)
	res := w.api.ToolResults()
	wantResult(t, res, 0, false, "marmalade")
	wantResult(t, res, 1, true, "POLICY_DENIED")

	var denied, would []fleet.Event
	read := func(kind string) []fleet.Event {
		out, err := w.operatorErr(append([]string{"events", "--host", "e2e-host", "--kind", kind, "--json"}, db...)...)
		if err != nil {
			return nil
		}
		var evs []fleet.Event
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			var e fleet.Event
			if json.Unmarshal([]byte(l), &e) == nil {
				evs = append(evs, e)
			}
		}
		return evs
	}
	require.Eventually(t, func() bool {
		denied, would = read("gate.denied"), read("gate.would_deny")
		return len(denied) > 0 && len(would) > 0
	}, 30*time.Second, 200*time.Millisecond, "the denial and the would-deny reach the database")
	require.Len(t, denied, 1)
	assert.Equal(t, "POLICY_DENIED", denied[0].Code)
	assert.NotEmpty(t, denied[0].Rule)
	assert.Equal(t, "Bash", denied[0].Tool)
	require.Len(t, would, 1)
	assert.Equal(t, "trial-no-echo", would[0].Rule)
	assert.True(t, would[0].Shadow)

	rep := w.operator(append([]string{"report", "--json"}, db...)...)
	var r fleet.Report
	require.NoError(t, json.Unmarshal([]byte(rep), &r), rep)
	assert.Equal(t, []fleet.Count{{Rule: "trial-no-echo", Count: 1}}, r.WouldDeny)
	assert.Equal(t, []fleet.Count{{Host: "e2e-host", Count: 1}}, r.DenialsByHost)
}
