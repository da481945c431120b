package checklaunches

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

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
	// A file fix creates (the launch-runtime shim).
	for name, w := range want {
		if _, ok := before[name]; !ok {
			assert.Equal(t, string(w), string(got[name]), "%s: the new file", name)
		}
	}
	assert.Len(t, got, len(before)+len(want)-len(common(before, want)), "fix created a file the case does not want")
}

// common lists the names in both maps.
func common(a, b map[string][]byte) []string {
	var out []string
	for name := range a {
		if _, ok := b[name]; ok {
			out = append(out, name)
		}
	}
	return out
}

// TestFixSARIF: `fix --sarif` prints a report valid against SARIF 2.1.0
// whose fixes, applied to the files, give the golden after state.
func TestFixSARIF(t *testing.T) {
	ar, err := txtar.ParseFile(filepath.Join("testdata", "fix", "data.txtar"))
	require.NoError(t, err)
	dir := t.TempDir()
	before, want := map[string][]byte{}, map[string][]byte{}
	for _, f := range ar.Files {
		if name, ok := strings.CutPrefix(f.Name, "want/"); ok {
			want[name] = f.Data
			continue
		}
		before[f.Name] = f.Data
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, f.Data, 0o644))
	}
	code, out, stderr := runCmd(t, nil, "fix", "--root", dir, "--sarif")
	require.Equal(t, ExitOK, code, stderr)
	require.NoError(t, validateJSON(t, compileSchema(t, "sarif-2.1.0.json"), []byte(out)))
	assert.Equal(t, before, snapshot(t, dir), "--sarif changed a file")

	var log struct {
		Runs []struct {
			Results []struct {
				Fixes []struct {
					ArtifactChanges []struct {
						ArtifactLocation struct{ URI string }
						Replacements     []struct {
							DeletedRegion   struct{ StartLine, StartColumn, EndLine, EndColumn int }
							InsertedContent struct{ Text string }
						}
					}
				}
			}
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &log))
	type repl struct {
		start, end int
		text       string
	}
	edits := map[string][]repl{}
	for _, r := range log.Runs[0].Results {
		for _, f := range r.Fixes {
			for _, c := range f.ArtifactChanges {
				src := before[c.ArtifactLocation.URI]
				require.NotNil(t, src, c.ArtifactLocation.URI)
				for _, rp := range c.Replacements {
					d := rp.DeletedRegion
					edits[c.ArtifactLocation.URI] = append(edits[c.ArtifactLocation.URI], repl{
						offsetOf(src, d.StartLine, d.StartColumn), offsetOf(src, d.EndLine, d.EndColumn), rp.InsertedContent.Text,
					})
				}
			}
		}
	}
	require.Len(t, edits, len(want), "a fix for every rewritten file")
	for name, es := range edits {
		sort.Slice(es, func(i, j int) bool { return es[i].start > es[j].start })
		b := string(before[name])
		for _, e := range es {
			b = b[:e.start] + e.text + b[e.end:]
		}
		assert.Equal(t, string(want[name]), b, "%s: the SARIF fixes applied", name)
	}
}

// offsetOf turns a 1-based line and code-point column into a byte offset.
func offsetOf(src []byte, line, col int) int {
	off := 0
	for l := 1; l < line; l++ {
		off += bytes.IndexByte(src[off:], '\n') + 1
	}
	for c := 1; c < col; c++ {
		_, n := utf8.DecodeRune(src[off:])
		off += n
	}
	return off
}
