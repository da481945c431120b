package launchruntime

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/leasegate/leasegate/integrations"
	"github.com/leasegate/leasegate/lease/wire"
)

// TestUsageErrorsListValid: a usage error exits 2 and names what is
// valid; a registration the broker refuses for the command line (an
// unknown tool profile or runtime) is a usage error too, never "no lease
// broker"; any other refusal exits 1 with its code and next step.
func TestUsageErrorsListValid(t *testing.T) {
	fb := startFakeBroker(t)
	claude := fakeRuntime(t, "claude", "2.1.328 (Claude Code)")
	rows := []struct {
		name   string
		args   []string
		refuse *wire.Reply
		status int
		want   []string
	}{
		{"unknown runtime", []string{"--runtime", "codex"}, nil, ExitRefused, []string{`unknown runtime "codex" (want claude or pi)`, "usage:"}},
		{"unknown flag", []string{"--runtim", "claude"}, nil, ExitRefused, []string{`unknown flag "--runtim"`, "--runtime, --dangerous", "usage:"}},
		{"bad confine", []string{"--runtime", "claude", "--confine", "maybe"}, nil, ExitRefused, []string{"want auto, require or off"}},
		{"unknown profile", []string{"--runtime", "claude", "--bin", claude, "--confine", "off", "--tool-profile", "nope", "--", "-p", "x"},
			&wire.Reply{V: 1, Code: wire.CodeBadAllowList, Error: `unknown tool profile "nope" (the broker's policy defines: edit, read-only, review)`},
			ExitRefused, []string{"BAD_ALLOW_LIST", "edit, read-only, review", "; next: ", "usage:"}},
		{"too many sessions", []string{"--runtime", "claude", "--bin", claude, "--confine", "off", "--", "-p", "x"},
			&wire.Reply{V: 1, Code: wire.CodeTooManySessions, Error: "over the limit"},
			ExitFailure, []string{"refused the registration: TOO_MANY_SESSIONS", "; next: "}},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			fb.mu.Lock()
			fb.refuse = r.refuse
			fb.mu.Unlock()
			deps, _, out := testDeps(t, fb, []string{"PATH=/bin", "HOME=" + t.TempDir()})
			assert.Equal(t, r.status, Run(deps, r.args))
			for _, w := range r.want {
				assert.Contains(t, out.String(), w)
			}
			assert.NotContains(t, out.String(), "no lease broker")
		})
	}
}

// TestPiExtensionNextStep: the Pi extension's own GATE_UNAVAILABLE lines
// end with the next step wire.NextStep gives, like the hook's.
func TestPiExtensionNextStep(t *testing.T) {
	src := string(integrations.PiGate)
	assert.Contains(t, src, `const UNAVAILABLE_NEXT = "; next: `+wire.NextStep(wire.CodeGateUnavailable)+`";`)
	for _, line := range strings.Split(src, "\n") {
		if strings.Contains(line, "`GATE_UNAVAILABLE: ") {
			assert.Contains(t, line, "${UNAVAILABLE_NEXT}`", "a GATE_UNAVAILABLE line without the next step: %s", line)
		}
	}
}

// TestHelpListsEveryFlag: --help names every flag the parser knows, with
// the exit statuses.
func TestHelpListsEveryFlag(t *testing.T) {
	fb := startFakeBroker(t)
	deps, _, out := testDeps(t, fb, []string{"PATH=/bin"})
	assert.Equal(t, ExitOK, Run(deps, []string{"--help"}))
	for _, f := range append(launchFlags, "--managed", "--claude-settings", "--pi-dir") {
		assert.Contains(t, out.String(), "\n  "+f+" ", "--help does not explain %s", f)
	}
	assert.Contains(t, out.String(), "\nexit status: ")
}
