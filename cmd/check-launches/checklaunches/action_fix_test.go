package checklaunches

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestActionScriptFixSummary: with fix-summary, a RED run adds the diff
// `check-launches fix` would apply to the job summary, changes nothing and
// keeps the scan's status; without it the summary has no diff.
func TestActionScriptFixSummary(t *testing.T) {
	t.Parallel()
	requireDetector(t, "x.sh", "#!/bin/sh\n")
	repo := tempRepo(t, map[string]string{"scripts/review.sh*": "#!/bin/sh\nclaude -p review\n"})
	bin := filepath.Join(t.TempDir(), "check-launches")
	fakeBinary(t, bin)
	r := runAction(t, repo, map[string]string{"CHECK_LAUNCHES_BIN": bin, "INPUT_ROOT": ".", "INPUT_FIX_SUMMARY": "true"})
	assert.Equal(t, ExitRed, r.code, r.stderr)
	assert.Contains(t, r.summary, "### check-launches fix\n")
	assert.Contains(t, r.summary, "```diff\n--- a/scripts/review.sh\n+++ b/scripts/review.sh\n")
	assert.Contains(t, r.summary, "+launch-runtime --runtime claude -- -p review\n")
	assert.Contains(t, r.summary, "would rewrite 1 RED findings in 1 files")
	assert.Equal(t, map[string][]byte{"scripts/review.sh": []byte("#!/bin/sh\nclaude -p review\n")}, withoutGit(snapshot(t, repo)), "fix-summary changed the repository")

	r = runAction(t, repo, map[string]string{"CHECK_LAUNCHES_BIN": bin, "INPUT_ROOT": "."})
	assert.Equal(t, ExitRed, r.code)
	assert.NotContains(t, r.summary, "check-launches fix")
}

// withoutGit drops the files of a .git folder from a snapshot.
func withoutGit(files map[string][]byte) map[string][]byte {
	out := map[string][]byte{}
	for name, b := range files {
		if len(name) >= 5 && name[:5] == ".git/" {
			continue
		}
		out[name] = b
	}
	return out
}
