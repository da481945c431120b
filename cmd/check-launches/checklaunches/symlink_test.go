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

// TestSymlinkInExcludedFolderRun: a link the walk never enters (under
// vendor/, a default excluded folder) on a path a script runs (`node
// vendor/agent/cli.js`, vendor/agent a link to Claude Code's package
// folder) is judged as a link the walk met (review 27); the same link to
// another package's folder stays clean.
func TestSymlinkInExcludedFolderRun(t *testing.T) {
	requireDetector(t, "x.sh", "#!/bin/sh\n")
	for _, tc := range []struct {
		target string
		red    bool
	}{
		{"../node_modules/@anthropic-ai/claude-code", true},
		{"../node_modules/prettier", false},
	} {
		root := writeTree(t, map[string]string{
			"run.sh*": "#!/bin/sh\nnode vendor/agent/cli.js -p \"hi\"\n",
		})
		require.NoError(t, os.MkdirAll(filepath.Join(root, "vendor"), 0o755))
		require.NoError(t, os.Symlink(tc.target, filepath.Join(root, "vendor", "agent")))
		requireOneRed(t, root, tc.red, "vendor/agent:1:1: claude launched", "")
	}
}

// TestExecWithoutShebangRunsAsShell: a committed file with no `#!` line
// and no extension, run by its path from a Makefile, is run by the shell
// that execs it (review 27): its launches are found there; the same file
// running another program stays clean.
func TestExecWithoutShebangRunsAsShell(t *testing.T) {
	requireDetector(t, "x.sh", "#!/bin/sh\n")
	for _, tc := range []struct {
		body string
		red  bool
	}{
		{"exec claude -p \"$@\"\n", true},
		{"exec prettier --check \"$@\"\n", false},
	} {
		root := writeTree(t, map[string]string{
			"Makefile":    "review:\n\tbin/review \"check\"\n",
			"bin/review*": tc.body,
		})
		requireOneRed(t, root, tc.red, "bin/review:1:6: `claude` launched directly", "Makefile:2:2")
	}
}

// TestVendoredRuntimePackage: a copy of a runtime's package vendored under
// the root's vendor/ (a folder the walk never enters), known by its
// package.json name, is the runtime's: a script running its CLI by path
// runs the runtime (review 27). A vendored copy of another package stays
// clean.
func TestVendoredRuntimePackage(t *testing.T) {
	requireDetector(t, "x.sh", "#!/bin/sh\n")
	for _, tc := range []struct {
		name string
		red  bool
	}{
		{"@anthropic-ai/claude-code", true},
		{"prettier", false},
	} {
		root := writeTree(t, map[string]string{
			"scripts/ask.sh*":          "#!/bin/sh\nnode vendor/tool/cli.js -p \"$*\"\n",
			"vendor/tool/package.json": `{"name":"` + tc.name + `","version":"2.0.14","bin":{"tool":"cli.js"}}`,
			"vendor/tool/cli.js":       "#!/usr/bin/env node\nimport(\"./dist/main.js\");\n",
		})
		requireOneRed(t, root, tc.red, "scripts/ask.sh:2:6: claude launched by path `vendor/tool/cli.js`", "")
	}
}

// requireOneRed scans root and requires exit 0 when red is false, else
// exit 1 with one failing line that starts with prefix and holds has.
func requireOneRed(t *testing.T, root string, red bool, prefix, has string) {
	t.Helper()
	code, out, errs := runCmd(t, nil, "--root", root)
	if !red {
		require.Equal(t, ExitOK, code, "%s%s", out, errs)
		return
	}
	require.Equal(t, ExitRed, code, "%s%s", out, errs)
	lines := failingLines(out)
	require.Len(t, lines, 1, out)
	require.True(t, strings.HasPrefix(lines[0], prefix) && strings.Contains(lines[0], has), lines[0])
}
