package checklaunches

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner/fix"
)

const shimWorkflow = "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: anthropics/claude-code-action@v1\n"

// TestFixShimMode: --write creates the shim executable (0755), and a
// second run leaves it and the workflow alone.
func TestFixShimMode(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, ".github", "workflows"), 0o755))
	wf := filepath.Join(dir, ".github", "workflows", "a.yml")
	require.NoError(t, os.WriteFile(wf, []byte(shimWorkflow), 0o644))
	code, _, stderr := runCmd(t, nil, "fix", "--root", dir, "--write")
	require.Equal(t, ExitOK, code, stderr)
	st, err := os.Stat(filepath.Join(dir, filepath.FromSlash(fix.ShimPath)))
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o755), st.Mode().Perm())
	entries, err := os.ReadDir(filepath.Dir(filepath.Join(dir, filepath.FromSlash(fix.ShimPath))))
	require.NoError(t, err)
	assert.Len(t, entries, 1, "a temporary file was left")
	code, out, _ := runCmd(t, nil, "fix", "--root", dir)
	assert.Equal(t, ExitOK, code)
	assert.Empty(t, out)
}

// TestFixShimOtherContent: a file at the shim's path with other content is
// an error (exit 2), and nothing is written, the workflow included.
func TestFixShimOtherContent(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, ".github", "workflows"), 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, ".leasegate"), 0o755))
	wf := filepath.Join(dir, ".github", "workflows", "a.yml")
	require.NoError(t, os.WriteFile(wf, []byte(shimWorkflow), 0o644))
	shim := filepath.Join(dir, filepath.FromSlash(fix.ShimPath))
	require.NoError(t, os.WriteFile(shim, []byte("#!/bin/sh\nexec claude \"$@\"\n"), 0o755)) // check-launches: inert a fixture script the test writes for the scanner, never run
	for _, mode := range []string{"--diff", "--write"} {
		code, out, stderr := runCmd(t, nil, "fix", "--root", dir, mode)
		assert.Equal(t, ExitError, code, mode)
		assert.Empty(t, out, mode)
		assert.Contains(t, stderr, fix.ShimPath+": holds something other than fix's launch-runtime shim", mode)
		b, err := os.ReadFile(wf)
		require.NoError(t, err)
		assert.Equal(t, shimWorkflow, string(b), mode)
		b, err = os.ReadFile(shim)
		require.NoError(t, err)
		assert.Equal(t, "#!/bin/sh\nexec claude \"$@\"\n", string(b), mode)
	}
}
