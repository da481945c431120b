package checklaunches

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSymlinkToRuntime: a symbolic link in the repository whose target
// names a runtime (a committed `bin/ai -> /usr/local/bin/claude`, a link
// to Claude Code's cli.js) is a launcher of it under another name, which
// a script runs by the link's name: RED at the link, though the link is
// not followed. Links to other tools, and to the launch-runtime wrapper,
// are not.
func TestSymlinkToRuntime(t *testing.T) {
	requireDetector(t, "x.sh", "#!/bin/sh\n")
	root := writeTree(t, map[string]string{
		"run.sh*": "#!/bin/sh\nexec ./bin/ai -p \"$@\"\n",
	})
	require.NoError(t, os.MkdirAll(filepath.Join(root, "bin"), 0o755))
	for name, target := range map[string]string{
		"ai":     "/usr/local/bin/claude",
		"cc":     "../node_modules/@anthropic-ai/claude-code/cli.js",
		"g":      "/usr/bin/git",
		"claude": "/opt/leasegate/bin/launch-runtime",
	} {
		require.NoError(t, os.Symlink(target, filepath.Join(root, "bin", name)))
	}
	code, out, errs := runCmd(t, nil, "--root", root)
	require.Equal(t, ExitRed, code, "%s%s", out, errs)
	red := failingLines(out)
	require.Len(t, red, 2, out)
	require.True(t, strings.HasPrefix(red[0], "bin/ai:1:1: claude launched") && strings.Contains(red[0], "symbolic link to `/usr/local/bin/claude`"), red[0])
	require.True(t, strings.HasPrefix(red[1], "bin/cc:1:1: claude launched"), red[1])
}
