package treesitter

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBudgetKept: past its bound on kept values the budget refuses to
// keep more, spends the file's work (no further step is taken), and
// records the bound where it was reached; the memo and the scopes then
// drop what they would have kept.
func TestBudgetKept(t *testing.T) {
	b := NewBudgetOf(10, 100)
	b.maxKept = 2
	require.True(t, b.Keep(1))
	require.True(t, b.Keep(2))
	assert.False(t, b.Keep(3))
	assert.False(t, b.Enter(4), "past the kept bound no step is taken")
	n, msg, ok := b.Reached()
	require.True(t, ok)
	assert.Equal(t, int32(3), n)
	assert.Contains(t, msg, "keeps more than 2 values")

	m := NewMemo()
	m.budget = NewBudgetOf(10, 100)
	m.budget.maxKept = 1
	calls := 0
	f := func() Value { calls++; return Unknown(None) }
	m.Once(1, 1, f)
	m.Once(1, 1, f)
	assert.Equal(t, 1, calls, "a kept value is not worked out again")
	m.Once(2, 2, f)
	m.Once(2, 2, f)
	assert.Equal(t, 3, calls, "past the bound the value is not kept")

	var nb *Budget
	assert.True(t, nb.Keep(1), "no budget, no bound")
}
