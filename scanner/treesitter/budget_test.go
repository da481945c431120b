package treesitter_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner/treesitter"
)

func TestBudgetDepth(t *testing.T) {
	b := treesitter.NewBudgetOf(2, 100)
	require.True(t, b.Enter(1))
	require.True(t, b.Enter(2))
	assert.False(t, b.Enter(3), "a third level is past the depth")
	b.Leave()
	assert.True(t, b.Enter(4), "a refused level does not stop the levels beside it")
	b.Leave()
	b.Leave()
	n, msg, ok := b.Reached()
	require.True(t, ok)
	assert.Equal(t, int32(3), n, "the first place the bound was reached is kept")
	assert.Contains(t, msg, "deeper than 2 levels")
}

func TestBudgetSteps(t *testing.T) {
	b := treesitter.NewBudgetOf(10, 3)
	for i := int32(0); i < 3; i++ {
		require.True(t, b.Enter(i))
		b.Leave()
	}
	assert.False(t, b.Enter(7))
	assert.False(t, b.Enter(8), "once the work is spent every step is refused")
	n, msg, ok := b.Reached()
	require.True(t, ok)
	assert.Equal(t, int32(7), n)
	assert.Contains(t, msg, "more than 3 steps")
}

func TestBudgetUntouched(t *testing.T) {
	b := treesitter.NewBudget()
	require.True(t, b.Enter(0))
	b.Leave()
	_, _, ok := b.Reached()
	assert.False(t, ok)
	assert.NoError(t, b.Err(nil), "no bound reached, nothing to report")
}
