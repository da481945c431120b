package driver

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
)

// TestAnyConst: a `*` segment matches any one segment, the matches are
// one constant (their values' union, defined at the first in name
// order), and a name of another length or without `*` matches nothing.
func TestAnyConst(t *testing.T) {
	consts := map[string]scanner.Const{
		"AGENTS.pi.cmd":       {Vals: []string{"pi"}, At: scanner.Pos{Line: 3}},
		"AGENTS.claude.cmd":   {Vals: []string{"claude"}, At: scanner.Pos{Line: 2}},
		"AGENTS.claude2.cmd":  {Vals: []string{"claude"}, At: scanner.Pos{Line: 4}},
		"AGENTS.claude.flags": {Vals: []string{"claude"}, At: scanner.Pos{Line: 5}},
		"TOOLS.#1.argv.#0":    {Vals: []string{"pi"}, At: scanner.Pos{Line: 7}},
	}
	c, ok := anyConst(consts, "AGENTS.*.cmd")
	require.True(t, ok)
	assert.Equal(t, []string{"claude", "pi"}, c.Vals, "union in name order, each value once")
	assert.Equal(t, 2, c.At.Line, "defined at the first match in name order")

	c, ok = anyConst(consts, "TOOLS.*.argv.#0")
	require.True(t, ok)
	assert.Equal(t, []string{"pi"}, c.Vals)

	for _, name := range []string{"AGENTS.*", "AGENTS.claude.cmd", "*.*.*.*.*", "BUILDERS.*.cmd"} {
		_, ok := anyConst(consts, name)
		assert.False(t, ok, name)
	}
}
