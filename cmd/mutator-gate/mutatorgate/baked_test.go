package mutatorgate_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/lease/wire"
)

// TestBakedIdentityIgnoresEnv: the session's own hook (identity on its
// command line) asks the broker it was given, for the session it was given,
// whatever the environment says. Claude Code applies a settings file's
// "env" to the hooks it runs, so {"env":{"LEASEGATE_SOCKET":...}} must not
// redirect it.
func TestBakedIdentityIgnoresEnv(t *testing.T) {
	real := startFake(t, allowAll)
	elsewhere := startFake(t, allowAll)
	env := map[string]string{
		"LEASEGATE_SOCKET":     elsewhere.path,
		"LEASEGATE_SESSION_ID": "s-forged",
		"LEASEGATE_GENERATION": "7",
		"XDG_RUNTIME_DIR":      "/nonexistent",
	}
	for _, mode := range []string{"gate", "tap", "session-start", "compact"} {
		got := runGate(t, env, []byte(bashEvent), bakedArgs(t, real.path, mode)...)
		assert.Equal(t, 0, got.status, "%s: %+v", mode, got)
	}
	reqs := real.requests()
	require.Len(t, reqs, 4)
	for _, r := range reqs {
		assert.Equal(t, "s-test", r.Session, "%+v", r)
		assert.Equal(t, uint64(1), r.Generation, "%+v", r)
	}
	assert.Empty(t, elsewhere.requests(), "the environment redirected the hook")
}

// TestReplacementBrokerAnswersNothing: a process other than the broker
// launch-runtime registered with, serving the same socket path, is never
// asked: the hook blocks with a message that says so.
func TestReplacementBrokerAnswersNothing(t *testing.T) {
	fake := startFake(t, allowAll)
	me := self(t)
	for name, broker := range map[string]wire.Process{
		"same pid, other start": {PID: me.PID, Start: me.Start + 1},
		"other pid":             {PID: me.PID + 1, Start: me.Start},
	} {
		t.Run(name, func(t *testing.T) {
			args := []string{"--session", "s-test", "--generation", "1", "--socket", fake.path, "--broker", broker.String(), "gate"}
			got := runGate(t, nil, []byte(bashEvent), args...)
			assert.Equal(t, 2, got.status)
			assert.True(t, strings.HasPrefix(got.stderr, string(wire.CodeGateUnavailable)+": "), got.stderr)
			assert.Contains(t, got.stderr, "not by the broker launch-runtime registered with ("+broker.String()+")")
		})
	}
	assert.Empty(t, fake.requests(), "a replacement broker was asked")
}

// TestPartialIdentityBlocks: a command line with some of the identity
// flags is not one launch-runtime writes.
func TestPartialIdentityBlocks(t *testing.T) {
	fake := startFake(t, allowAll)
	full := bakedArgs(t, fake.path)
	for i := 0; i < len(full); i += 2 {
		args := append(append([]string{}, full[:i]...), full[i+2:]...)
		got := runGate(t, sessionEnv(fake.path), []byte(bashEvent), append(args, "gate")...)
		assert.Equal(t, 2, got.status, "without %s: %+v", full[i], got)
		assert.Contains(t, got.stderr, "go together", "without %s", full[i])
	}
	for _, bad := range [][]string{
		{"--socket", "relative.sock"},
		{"--broker", "12"},
		{"--generation", "x"},
	} {
		args := bakedArgs(t, fake.path, bad...)
		got := runGate(t, nil, []byte(bashEvent), append(args, "gate")...)
		assert.Equal(t, 2, got.status, "%v: %+v", bad, got)
	}
	assert.Empty(t, fake.requests())
}
