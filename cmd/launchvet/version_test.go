package main

import (
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestVersion builds launchvet stamped the way make dist does: --version
// prints the stamped version and commit, and -V=full, go vet's own
// question, is still unitchecker's answer.
func TestVersion(t *testing.T) {
	tool := filepath.Join(t.TempDir(), "launchvet")
	const pkg = "github.com/leasegate/leasegate/version"
	build := exec.Command("go", "build", "-ldflags", "-X "+pkg+".version=v1.2.3 -X "+pkg+".commit=0123abcd", "-o", tool, ".")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)

	out, err = exec.Command(tool, "--version").CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Equal(t, "launchvet v1.2.3 (commit 0123abcd)\n", string(out))

	out, err = exec.Command(tool, "-V=full").CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Regexp(t, `^\S*launchvet version `, string(out))
}
