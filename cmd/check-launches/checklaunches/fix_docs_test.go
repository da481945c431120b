package checklaunches

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/pflag"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner/fix"
)

func fixPage(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot(t), "docs", "fix.md"))
	require.NoError(t, err)
	return string(b)
}

// section returns the part of a Markdown page under a ## heading.
func section(page, heading string) string {
	_, rest, ok := strings.Cut(page, "\n## "+heading+"\n")
	if !ok {
		return ""
	}
	body, _, _ := strings.Cut(rest, "\n## ")
	return body
}

// TestFixDocReasons: the reasons table of docs/fix.md is fix.Reasons, in
// both directions.
func TestFixDocReasons(t *testing.T) {
	var rows []string
	for _, l := range strings.Split(section(fixPage(t), "What it leaves"), "\n") {
		if strings.HasPrefix(l, "| ") && l != "| reason |" && l != "| --- |" {
			rows = append(rows, strings.TrimSuffix(strings.TrimPrefix(l, "| "), " |"))
		}
	}
	assert.ElementsMatch(t, fix.Reasons, rows)
}

// TestFixDocFlags: the flag table of docs/fix.md names every flag of
// `check-launches fix` and no other.
func TestFixDocFlags(t *testing.T) {
	var doc []string
	for _, m := range regexp.MustCompile("(?m)^\\| `(--[a-z-]+)").FindAllStringSubmatch(fixPage(t), -1) {
		doc = append(doc, m[1])
	}
	var got []string
	NewCmdFix(&IO{}, nil).Flags().VisitAll(func(f *pflag.Flag) { got = append(got, "--"+f.Name) })
	assert.ElementsMatch(t, got, doc)
}

var exampleRE = regexp.MustCompile("(?s)\\*\\*(Before|After)\\*\\* \\(`([^`]+)`\\):\n\n```[a-z]*\n(.*?)```\n")

// TestFixDocExample runs fix on every Before of docs/fix.md and compares
// the result with its After.
func TestFixDocExample(t *testing.T) {
	ms := exampleRE.FindAllStringSubmatch(fixPage(t), -1)
	require.NotEmpty(t, ms)
	require.Zero(t, len(ms)%2, "Before and After come in pairs")
	for i := 0; i < len(ms); i += 2 {
		before, after := ms[i], ms[i+1]
		require.Equal(t, "Before", before[1])
		require.Equal(t, "After", after[1])
		require.Equal(t, before[2], after[2])
		dir := t.TempDir()
		file := filepath.Join(dir, filepath.FromSlash(before[2]))
		require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o755))
		require.NoError(t, os.WriteFile(file, []byte(before[3]), 0o755))
		code, _, stderr := runCmd(t, nil, "fix", "--root", dir, "--write")
		assert.Equal(t, ExitOK, code, stderr)
		got, err := os.ReadFile(file)
		require.NoError(t, err)
		assert.Equal(t, after[3], string(got))
	}
}

// fixClaim is the sentence a class section of docs/classes.md carries when
// fix rewrites its example.
const fixClaim = "`check-launches fix` makes this edit for you"

// TestClassDocFixClaims: every class section that says fix makes its edit
// has an example fix rewrites to a clean file, and `check-launches
// explain` prints the claim.
func TestClassDocFixClaims(t *testing.T) {
	n := 0
	for cls, d := range ClassDocs() {
		if !strings.Contains(joinLines(d.Section), fixClaim) {
			continue
		}
		n++
		for _, ex := range d.Examples {
			if ex.Fixed {
				continue
			}
			dir := t.TempDir()
			file := filepath.Join(dir, filepath.FromSlash(ex.File))
			require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o755))
			require.NoError(t, os.WriteFile(file, []byte(ex.Code), 0o755))
			code, _, stderr := runCmd(t, nil, "fix", "--root", dir, "--write")
			assert.Equal(t, ExitOK, code, "%s: fix leaves the example of %s RED:\n%s", ex.File, cls, stderr)
			assert.Empty(t, scanRed(t, dir), "%s: RED after fix", cls)
		}
		code, out, _ := runCmd(t, nil, "explain", string(cls))
		assert.Equal(t, ExitOK, code)
		assert.Contains(t, joinLines(out), fixClaim)
	}
	assert.Positive(t, n, "no class section says fix makes its edit")
}
