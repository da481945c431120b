package launchruntime

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/lease/wire"
)

// wantIdentity is the identity the fake broker of these tests hands out
// (session s-1, generation 7), served by this test process.
func wantIdentity(t *testing.T, socket string) []string {
	t.Helper()
	st, err := wire.ReadProcStat(os.Getpid())
	require.NoError(t, err)
	return gateIdentity{Session: "s-1", Generation: 7, Socket: socket,
		Broker: wire.Process{PID: st.PID, Start: st.Start}}.args()
}

// requireBakedClaude checks that every mutator-gate hook in the generated
// settings file carries the session's identity before its mode, so that the
// hook never reads it from the environment.
func requireBakedClaude(t *testing.T, path, socket string) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var s struct {
		Hooks map[string][]struct {
			Hooks []struct {
				Command string   `json:"command"`
				Args    []string `json:"args"`
			} `json:"hooks"`
		} `json:"hooks"`
	}
	require.NoError(t, json.Unmarshal(data, &s))
	want := wantIdentity(t, socket)
	n := 0
	for ev, groups := range s.Hooks {
		for _, g := range groups {
			for _, h := range g.Hooks {
				if !isGateHook(map[string]any{"type": "command", "command": h.Command}) {
					continue
				}
				n++
				require.Len(t, h.Args, len(want)+1, "%s: %q", ev, h.Args)
				assert.Equal(t, want, h.Args[:len(want)], ev)
			}
		}
	}
	assert.Equal(t, 4, n, "gate hooks in %s", path)
}

func TestBakeClaudeSettingsNeedsTheGate(t *testing.T) {
	_, err := bakeClaudeSettings([]byte(`{"hooks":{}}`), "/x/mutator-gate", gateIdentity{Session: "s"})
	assert.Error(t, err)
}

func TestBakePiExtensionOnce(t *testing.T) {
	ext, err := piExtension("/x/mutator-gate")
	require.NoError(t, err)
	id := gateIdentity{Session: "s", Generation: 1, Socket: "/s.sock", Broker: wire.Process{PID: 1, Start: 2}}
	baked, err := bakePiExtension(ext, id)
	require.NoError(t, err)
	assert.Contains(t, string(baked), `const GATE_ARGS: string[] = ["--session","s","--generation","1","--socket","/s.sock","--broker","1:2"];`)
	_, err = bakePiExtension(baked, id)
	assert.Error(t, err, "a baked extension has no placeholder left")
}

// TestUnsafeSocketFolderSaysWhy: with no broker answering and a socket
// folder lease-broker serve would refuse, launch-runtime names the reason
// at once instead of "nothing answered within 5s".
func TestUnsafeSocketFolderSaysWhy(t *testing.T) {
	sockDir, err := os.MkdirTemp("", "lgu")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(sockDir) })
	require.NoError(t, os.Chmod(sockDir, 0o755))
	fb := &fakeBroker{socket: filepath.Join(sockDir, "b.sock")} // nothing listens
	deps, _, stderr := testDeps(t, fb, []string{"PATH=/bin"})
	started := false
	deps.StartBroker = func(string, string) error { started = true; return nil }
	bin := fakeRuntime(t, "pi", "0.73.1")
	code := Run(deps, []string{"--runtime", "pi", "--bin", bin})
	assert.Equal(t, ExitFailure, code)
	assert.Contains(t, stderr.String(), sockDir+" has mode 0755, want 0700")
	assert.NotContains(t, stderr.String(), "nothing answered")
	assert.False(t, started, "a broker was started in an unsafe folder")
}
