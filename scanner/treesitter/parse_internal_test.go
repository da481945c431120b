package treesitter

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	ts "github.com/tree-sitter/go-tree-sitter"
	tspython "github.com/tree-sitter/tree-sitter-python/bindings/go"
)

// TestParseStepBudget: the parse budget counts the parser's steps, so the
// same file gets the same verdict on any machine. Ordinary code stays far
// below it (the real tree of bench/real peaks near 0.02 steps a byte); a
// budget below what a file needs cancels the parse, and the pooled parser
// is usable again afterwards.
func TestParseStepBudget(t *testing.T) {
	p := ts.NewParser()
	defer p.Close()
	require.NoError(t, p.SetLanguage(ts.NewLanguage(tspython.Language())))
	src := []byte(strings.Repeat("def f(a, b):\n    return subprocess.run([a, b, 'x' + str(1)], shell=False)\n", 20000))

	tt, steps := parseSteps(p, src, parseBudget(len(src)), nil)
	require.NotNil(t, tt)
	tt.Close()
	require.Positive(t, steps)
	assert.Less(t, steps*20, parseBudget(len(src)), "ordinary code must stay far below the budget")

	for i := 0; i < 2; i++ {
		again, used := parseSteps(p, src, steps/2, nil)
		assert.Nil(t, again, "a budget below the file's need cancels the parse")
		assert.Equal(t, steps/2+1, used)
		p.Reset()
	}
	tt, again := parseSteps(p, src, parseBudget(len(src)), nil)
	require.NotNil(t, tt)
	tt.Close()
	assert.Equal(t, steps, again, "the step count is deterministic")
}
