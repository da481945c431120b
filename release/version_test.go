package release

import (
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestVersionStamped: every command prints the version and commit that
// the -X flags of scripts/dist.sh stamp, from --version alone (no broker,
// no runtime, no config).
func TestVersionStamped(t *testing.T) {
	const pkg = "github.com/leasegate/leasegate/version"
	ldflags := "-X " + pkg + ".version=" + testVersion + " -X " + pkg + ".commit=" + testCommit
	dir := t.TempDir()
	for _, cmd := range []string{"check-launches", "launch-runtime", "mutator-gate", "lease-broker", "launchvet"} {
		t.Run(cmd, func(t *testing.T) {
			bin := filepath.Join(dir, cmd)
			build := exec.Command("go", "build", "-ldflags", ldflags, "-o", bin, "./cmd/"+cmd)
			build.Dir = repoRoot(t)
			out, err := build.CombinedOutput()
			require.NoError(t, err, "%s", out)
			run := exec.Command(bin, "--version")
			run.Env = []string{}
			out, err = run.Output()
			require.NoError(t, err)
			assert.Equal(t, cmd+" "+testVersion+" (commit "+testCommit+")\n", string(out))
		})
	}
}
