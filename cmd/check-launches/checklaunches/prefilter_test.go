package checklaunches

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/driver"
)

// TestPrefilterKeepsEveryForm: the TS/JS and Python detectors parse only
// files that hold a trigger (scanner.Triggers). Each file here holds its
// only trigger in one form the prefilter must not miss, and must still
// give its finding through the real suite.
func TestPrefilterKeepsEveryForm(t *testing.T) {
	for _, tc := range []struct {
		file, src, want string
	}{
		{"a.js", "const { spawn } = require('child_process');\nspawn('claude', ['-p', 'x']);\n", "process-api"},
		{"b.js", "const { spawn } = require(\"child_process\");\nspawn(\"claude\");\n", "process-api"},
		{"c.js", "const { execSync } = require('child_process');\nexecSync(`claude -p x`);\n", "direct-literal"},
		{"d.ts", "import { spawn } from 'node:child_process';\nspawn('./node_modules/.bin/claude', []);\n", "process-api"},
		{"e.mjs", "import { spawn } from 'node:child_process';\nspawn('pi', ['-p', 'x']);\n", "process-api"},
		{"f.ts", "import { query } from '@anthropic-ai/claude-agent-sdk';\nquery({ prompt: 'x' });\n", "sdk"},
		{"g.js", "const { spawn } = require('child_process');\nspawn('node', ['x.js', '--dangerously-skip-permissions']);\n", "dangerous-primitive"}, // check-launches: inert — test input: the primitive as a prefilter trigger
		{"h.js", "const cp = require('child_process');\ncp.execSync('echo hi\\nclaude -p x');\n", "direct-literal"},
		{"a.py", "import subprocess\nsubprocess.run(['claude', '-p', 'x'])\n", "process-api"},
		{"b.py", "import subprocess\nsubprocess.run([\"pi\"])\n", "process-api"},
		{"c.py", "import subprocess\nsubprocess.run('''claude -p x''', shell=True)\n", "direct-literal"},
		{"d.py", "from claude_agent_sdk import query\nquery(prompt='x')\n", "sdk"},
		{"e.py", "import os\nos.execv('/usr/local/bin/claude', ['claude'])\n", "process-api"},
		{"f.py", "X = '--dangerously-skip-' + 'permissions'\n", "dangerous-primitive"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			require.True(t, scanner.DefaultConfig().Triggers().Scan([]byte(tc.src)).Seed())
			fs, _, err := driver.ScanBytes(tc.file, []byte(tc.src), false, scanner.DefaultConfig(), Suite())
			require.NoError(t, err)
			var classes []string
			for _, f := range fs {
				classes = append(classes, string(f.Class))
			}
			assert.Contains(t, classes, tc.want)
		})
	}
}

// TestPrefilterSkipsNonSeeds: a file with no trigger and no process API
// is not parsed, so even a syntax error there reports nothing. A file
// that calls a process API is parsed although it names no runtime: its
// helpers and imports are what the repository phase follows
// (docs/repository.md), so its syntax error is reported.
func TestPrefilterSkipsNonSeeds(t *testing.T) {
	src := "const { parse } = require('path');\nparse(cmd, [\n"
	fs, _, err := driver.ScanBytes("x.js", []byte(src), false, scanner.DefaultConfig(), Suite())
	require.NoError(t, err)
	assert.Empty(t, fs)
	src = "const { spawn } = require('child_process');\nspawn(cmd, [\n"
	fs, _, err = driver.ScanBytes("x.js", []byte(src), false, scanner.DefaultConfig(), Suite())
	require.NoError(t, err)
	require.Len(t, fs, 1)
	assert.Equal(t, scanner.ClassUnparseable, fs[0].Class)
}
