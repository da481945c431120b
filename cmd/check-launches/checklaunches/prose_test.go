package checklaunches

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner/driver"
)

// proseTree is a repository whose docs mention the bypass flag and show a
// launch in a fenced block, with one gated launch in a script.
func proseTree(t *testing.T, config string) string {
	files := map[string]string{
		"docs/design.md":      "# Design\n\nWe never pass `--dangerously-skip-permissions`.\n\n```sh\nclaude -p hi --dangerously-skip-permissions\n```\n", // check-launches: inert test fixture
		"docs/usage.rst":      ".. code-block:: bash\n\n   claude --permission-mode bypassPermissions\n",                                                  // check-launches: inert test fixture
		"scripts/review.sh*":  "#!/bin/sh\nlaunch-runtime --runtime claude -- -p review\n",
		"docs/guide.adoc":     "----\nexec claude -p hi\n----\n",
		"notes/CHANGELOG.txt": "claude is started by launch-runtime only\n",
	}
	if config != "" {
		files[driver.ConfigFileName] = config
	}
	return writeTree(t, files)
}

// TestProseNotesDoNotFail: a scan of a repository whose Markdown and
// reStructuredText mention the flag exits 0 and lists the notes in every
// format; the launches shown in fenced blocks are not launches.
func TestProseNotesDoNotFail(t *testing.T) {
	root := proseTree(t, "")
	code, out, errs := runCmd(t, nil, "--root", root)
	require.Equal(t, ExitOK, code, "stdout:\n%s\nstderr:\n%s", out, errs)
	assert.Contains(t, out, "docs/design.md:3:16: raw permission-bypass primitive `--dangerously-skip-permissions` mentioned in prose") // check-launches: inert test fixture
	assert.Contains(t, out, "docs/design.md:6:14: ")
	assert.Contains(t, out, "docs/usage.rst:3:11: ")
	assert.Equal(t, 3, strings.Count(out, "[NOTE:dangerous-primitive]"), out)
	assert.Contains(t, out, "notes: 3 (the permission-bypass primitive mentioned in prose")
	assert.Contains(t, out, "ok: 1 / 1 launch gated, 0 RED, 3 notes, 5 files scanned")
	assert.NotContains(t, out, "RED:")
	assert.Contains(t, out, "  family   gated / launches  notes\n  docs     0 / 0             3\n  scripts  1 / 1             0\n")

	code, out, _ = runCmd(t, nil, "--root", root, "--json")
	require.Equal(t, ExitOK, code)
	var rep struct {
		Summary  map[string]int   `json:"summary"`
		Families []map[string]any `json:"families"`
		Findings []struct {
			File, Class, Verdict, Runtime string
		} `json:"findings"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.Equal(t, map[string]int{"files_scanned": 5, "launches": 1, "gated": 1, "red": 0, "notes": 3}, rep.Summary)
	assert.Equal(t, []map[string]any{
		{"name": "docs", "launches": 0.0, "gated": 0.0, "notes": 3.0},
		{"name": "scripts", "launches": 1.0, "gated": 1.0},
	}, rep.Families)
	var verdicts []string
	for _, f := range rep.Findings {
		verdicts = append(verdicts, f.File+" "+f.Class+" "+f.Verdict+" "+f.Runtime)
	}
	assert.Equal(t, []string{
		"docs/design.md dangerous-primitive note ",
		"docs/design.md dangerous-primitive note ",
		"docs/usage.rst dangerous-primitive note ",
		"scripts/review.sh gated gated claude",
	}, verdicts)
	require.NoError(t, validateJSON(t, compileSchema(t, "report.schema.json"), []byte(out)))

	code, out, _ = runCmd(t, nil, "--root", root, "--sarif")
	require.Equal(t, ExitOK, code)
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID, Level string
			} `json:"results"`
		} `json:"runs"`
	}
	require.NoError(t, validateJSON(t, compileSchema(t, "sarif-2.1.0.json"), []byte(out)))
	require.NoError(t, json.Unmarshal([]byte(out), &log))
	require.Len(t, log.Runs, 1)
	require.Len(t, log.Runs[0].Results, 3)
	for _, r := range log.Runs[0].Results {
		assert.Equal(t, "note", r.Level, r.RuleID)
	}

	code, out, _ = runCmd(t, nil, "--root", root, "--format", "markdown")
	require.Equal(t, ExitOK, code)
	assert.Contains(t, out, "## ✅ check-launches: 1 / 1 launch gated")
	assert.Contains(t, out, "### Notes: the primitive mentioned in prose (not failing)")
	assert.Contains(t, out, "| docs | 0 | 0 | 3 |\n| scripts | 1 | 1 | 0 |\n| **total** | **1** | **1** | **3** |")
	assert.Equal(t, 3, strings.Count(out, "| `docs/"), out)
	assert.NotContains(t, out, "RED findings that fail the run")

	code, out, _ = runCmd(t, map[string]string{"GITHUB_ACTIONS": "true"}, "--root", root)
	require.Equal(t, ExitOK, code)
	assert.NotContains(t, out, "::error", "a note is never an error annotation")
}

// TestProseRed: `prose: red` makes the same notes RED, and the scan fails.
func TestProseRed(t *testing.T) {
	root := proseTree(t, "prose: red\n")
	code, out, errs := runCmd(t, nil, "--root", root)
	require.Equal(t, ExitRed, code, "stdout:\n%s\nstderr:\n%s", out, errs)
	assert.Equal(t, 3, strings.Count(out, "[RED:dangerous-primitive]"), out)
	assert.NotContains(t, out, "NOTE:")
	assert.Contains(t, out, "FAIL: 1 / 1 launch gated, 3 RED, 6 files scanned")
}

// TestProseConfigValue: prose takes note or red, nothing else.
func TestProseConfigValue(t *testing.T) {
	for _, v := range []string{"note", "red"} {
		root := proseTree(t, "prose: "+v+"\n")
		code, _, errs := runCmd(t, nil, "--root", root)
		assert.NotEqual(t, ExitError, code, "prose: %s: %s", v, errs)
	}
	root := proseTree(t, "prose: yes\n")
	code, _, errs := runCmd(t, nil, "--root", root)
	assert.Equal(t, ExitError, code)
	assert.Contains(t, errs, `prose: "yes" is neither "note" nor "red"`)
}

// TestExecutableTextIsNotProse: a text file with an executable bit may be
// run (a shell runs an executable file that has no shebang): the flag in
// it stays RED.
func TestExecutableTextIsNotProse(t *testing.T) {
	root := writeTree(t, map[string]string{"run.txt*": "claude --dangerously-skip-permissions\n"}) // check-launches: inert test fixture
	code, out, _ := runCmd(t, nil, "--root", root)
	assert.Equal(t, ExitRed, code, out)
	assert.Contains(t, out, "[RED:dangerous-primitive]")
}

// TestStarterConfigKeepsDocs: `init` no longer excludes docs/**, since
// prose runs nothing; the starter config scans docs and reports notes.
func TestStarterConfigKeepsDocs(t *testing.T) {
	assert.NotContains(t, string(StarterConfig()), "\n  - \"docs/**\"")
	root := proseTree(t, string(StarterConfig()))
	code, out, _ := runCmd(t, nil, "--root", root)
	assert.Equal(t, ExitOK, code, out)
	assert.Equal(t, 3, strings.Count(out, "[NOTE:dangerous-primitive]"), out)
	_, err := os.Stat(filepath.Join(root, "docs", "design.md"))
	require.NoError(t, err)
}

// TestExplainNoteTag: the tag a note prints is accepted by explain, whose
// section says what prose is.
func TestExplainNoteTag(t *testing.T) {
	code, out, errs := runCmd(t, nil, "explain", "NOTE:dangerous-primitive")
	require.Equal(t, ExitOK, code, errs)
	assert.Equal(t, ClassDocs()["dangerous-primitive"].Section, out)
	assert.Contains(t, out, "Prose runs nothing")
}

// TestProseNotesAreNotBaselined: a baseline records RED findings only, so
// notes never enter it, and a SARIF log against the baseline gives them no
// baselineState.
func TestProseNotesAreNotBaselined(t *testing.T) {
	root := proseTree(t, "")
	base := filepath.Join(t.TempDir(), "baseline.json")
	code, out, errs := runCmd(t, nil, "--root", root, "--write-baseline", base)
	require.Equal(t, ExitOK, code, "%s%s", out, errs)
	data, err := os.ReadFile(base)
	require.NoError(t, err)
	assert.NotContains(t, string(data), "docs/", "a note was baselined:\n%s", data)
	code, out, _ = runCmd(t, nil, "--root", root, "--baseline", base, "--sarif")
	require.Equal(t, ExitOK, code)
	var log struct {
		Runs []struct {
			Results []map[string]any `json:"results"`
		} `json:"runs"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &log))
	require.Len(t, log.Runs, 1)
	require.Len(t, log.Runs[0].Results, 3)
	for _, r := range log.Runs[0].Results {
		assert.Equal(t, "note", r["level"])
		assert.NotContains(t, r, "baselineState")
	}
}
