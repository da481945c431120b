package version

import (
	"go/build"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFromBuildInfo(t *testing.T) {
	vcs := func(rev, modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: modified}}
	}
	const rev = "1bbd1527d1f0a1b2c3d4e5f60718293a4b5c6d7e"
	tests := []struct {
		name string
		bi   *debug.BuildInfo
		ok   bool
		want string
	}{
		{"no build info", nil, false, "devel"},
		{"go install module@version", &debug.BuildInfo{Main: debug.Module{Version: "v0.2.0"}}, true, "v0.2.0"},
		{"checkout, clean", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs(rev, "false")}, true, "devel-1bbd1527d1f0"},
		{"checkout, modified", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs(rev, "true")}, true, "devel-1bbd1527d1f0-dirty"},
		{"-buildvcs=false", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, true, "devel"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, fromBuildInfo(tt.bi, tt.ok))
		})
	}
}

// TestStamped: the values set with -ldflags -X win over the build info,
// and String puts both on one line.
func TestStamped(t *testing.T) {
	oldV, oldC := version, commit
	t.Cleanup(func() { version, commit = oldV, oldC })
	version, commit = "v9.8.7", "0123456789abcdef0123456789abcdef01234567"
	assert.Equal(t, "v9.8.7", Version())
	assert.Equal(t, "0123456789abcdef0123456789abcdef01234567", Commit())
	assert.Equal(t, "v9.8.7 (commit 0123456789abcdef0123456789abcdef01234567)", String())
}

// TestLeaf: every command imports this package, so it imports nothing of
// leasegate (no cycle, nothing pulled into mutator-gate it does not need).
func TestLeaf(t *testing.T) {
	bp, err := build.ImportDir(".", 0)
	require.NoError(t, err)
	for _, imp := range bp.Imports {
		assert.False(t, strings.HasPrefix(imp, "github.com/leasegate/"), "version imports %s", imp)
	}
}
