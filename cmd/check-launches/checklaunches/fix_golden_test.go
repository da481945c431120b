package checklaunches

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"
)

// TestFixGolden runs fix on the before/after cases of testdata/fix: each
// archive holds the files before and, under want/, every file fix must
// rewrite, byte for byte. --diff changes nothing and its diff applies to
// the same result; --write rewrites exactly the wanted files; the re-scan
// is clean; every rewritten file still parses; a second fix is a no-op.
func TestFixGolden(t *testing.T) {
	archives, err := filepath.Glob(filepath.Join("testdata", "fix", "*.txtar"))
	require.NoError(t, err)
	require.NotEmpty(t, archives)
	for _, a := range archives {
		t.Run(filepath.Base(a), func(t *testing.T) {
			ar, err := txtar.ParseFile(a)
			require.NoError(t, err)
			before, want := map[string][]byte{}, map[string][]byte{}
			for _, f := range ar.Files {
				if name, ok := strings.CutPrefix(f.Name, "want/"); ok {
					want[name] = f.Data
				} else {
					before[f.Name] = f.Data
				}
			}
			require.NotEmpty(t, want, "a case rewrites something")
			dir := t.TempDir()
			for name, b := range before {
				p := filepath.Join(dir, filepath.FromSlash(name))
				require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
				require.NoError(t, os.WriteFile(p, b, 0o644))
			}

			// --diff (the default) changes nothing, and its diff applies.
			code, diff, stderr := runCmd(t, nil, "fix", "--root", dir)
			require.Equal(t, ExitOK, code, stderr)
			assert.Equal(t, before, snapshot(t, dir), "--diff changed a file")
			applied := t.TempDir()
			require.NoError(t, os.CopyFS(applied, os.DirFS(dir)))
			patch := filepath.Join(t.TempDir(), "fix.diff")
			require.NoError(t, os.WriteFile(patch, []byte(diff), 0o644))
			out, err := exec.Command("git", "-C", applied, "apply", "--unidiff-zero", patch).CombinedOutput()
			require.NoError(t, err, "git apply: %s\n%s", out, diff)
			checkWant(t, applied, before, want)

			// --write rewrites exactly the wanted files.
			code, _, stderr = runCmd(t, nil, "fix", "--root", dir, "--write")
			require.Equal(t, ExitOK, code, stderr)
			checkWant(t, dir, before, want)
			assert.Empty(t, scanRed(t, dir), "RED findings after fix --write")
			for name, b := range want {
				checkSyntax(t, filepath.Join(dir, filepath.FromSlash(name)), before[name], b)
			}

			// Idempotent.
			code, diff, _ = runCmd(t, nil, "fix", "--root", dir)
			assert.Equal(t, ExitOK, code)
			assert.Empty(t, diff)
		})
	}
}

// checkWant compares the files of dir with the wanted after state.
func checkWant(t *testing.T, dir string, before, want map[string][]byte) {
	t.Helper()
	got := snapshot(t, dir)
	for name, b := range before {
		w, rewritten := want[name]
		if !rewritten {
			w = b
		}
		assert.Equal(t, string(w), string(got[name]), "%s", name)
	}
}
