package docs

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRepositoryPhaseBounds keeps docs/repository.md true: its bounds
// table lists exactly the Max* constants of scanner/repo.go and the
// shared evaluator's bounds on the places it compares (call sites,
// returns) with their values, and every matrix case it names exists.
func TestRepositoryPhaseBounds(t *testing.T) {
	want := constInts(t, filepath.Join("scanner", "repo.go"), "Max")
	ev := constInts(t, filepath.Join("scanner", "treesitter", "eval.go"), "Max")
	for _, name := range []string{"MaxCallSites", "MaxReturns", "MaxPastSteps"} {
		require.Contains(t, ev, name)
		want[name] = ev[name]
	}
	got := map[string]int{}
	for _, row := range table(t, "repository.md", "## Bounds") {
		require.GreaterOrEqual(t, len(row), 2, "row %v", row)
		v, err := strconv.Atoi(row[1])
		require.NoError(t, err, "row %v", row)
		got[unquote(row[0])] = v
	}
	assert.Equal(t, want, got, "the bounds table of docs/repository.md and scanner/repo.go's constants differ")
}

// TestRepositoryPhaseCases checks that each mechanism docs/repository.md
// says is followed has its multi-file matrix case.
func TestRepositoryPhaseCases(t *testing.T) {
	rows := table(t, "repository.md", "## What is followed")
	require.NotEmpty(t, rows)
	for _, row := range rows {
		require.Len(t, row, 3, "row %v", row)
		c := unquote(row[2])
		require.True(t, strings.HasSuffix(c, ".txtar"), "%s: a multi-file case is a .txtar", c)
		_, err := os.Stat(filepath.Join(moduleRoot(t), "testdata", "parser-matrix", c))
		assert.NoError(t, err, "docs/repository.md names a case that does not exist")
	}
}
