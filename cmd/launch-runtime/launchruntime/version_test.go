package launchruntime

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/version"
)

// TestVersion: `launch-runtime --version` prints the version and commit
// and asks no broker; after the runtime's flags or "--", --version is the
// runtime's, passed through.
func TestVersion(t *testing.T) {
	fb := startFakeBroker(t)
	deps, call, out := testDeps(t, fb, []string{"PATH=/usr/bin:/bin", "HOME=/h"})
	require.Equal(t, ExitOK, Run(deps, []string{"--version"}))
	assert.Equal(t, "launch-runtime "+version.String()+"\n", out.String())
	assert.Empty(t, fb.ops(), "--version registers nothing")
	assert.Empty(t, call.argv, "--version starts no runtime")

	out.Reset()
	bin := fakeRuntime(t, "claude", "2.1.328 (Claude Code)")
	require.Equal(t, ExitOK, Run(deps, []string{"--runtime", "claude", "--bin", bin, "--", "--version"}), out.String())
	assert.Equal(t, "--version", call.argv[len(call.argv)-1], "the runtime gets --version")
	assert.NotContains(t, out.String(), "launch-runtime "+version.String())
}
