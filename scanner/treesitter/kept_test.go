package treesitter_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
)

// phaseTwo stands for the repository phase's imports: a pass with
// Imports set is a re-scan.
type phaseTwo struct{ scanner.Imports }

func TestKeptTreeServesTheRescanOfTheSameBytes(t *testing.T) {
	shared := &scanner.Shared{}
	src := "import lib\nlib.run('x')\n"
	p1 := scanner.NewPass("a.py", []byte(src), scanner.DefaultConfig(), "python", scanner.Suite{})
	p1.Shared, p1.Needs = shared, []string{"lib"}
	tr, err := grammar.ParsePass(p1)
	require.NoError(t, err)
	nodes := len(tr.Nodes)
	grammar.Done(p1, tr)
	require.NotNil(t, tr.Src, "kept, not released")

	// the driver reuses its read buffers: what was kept holds its own copy
	p1.Src[0] = 'X'

	p2 := scanner.NewPass("a.py", []byte(src), scanner.DefaultConfig(), "python", scanner.Suite{})
	p2.Shared, p2.Imports = shared, phaseTwo{}
	got, err := grammar.ParsePass(p2)
	require.NoError(t, err)
	require.Same(t, tr, got, "the re-scan takes the tree phase one kept")
	require.Equal(t, src, string(got.Src))
	require.Len(t, got.Nodes, nodes)
	grammar.Done(p2, got)
	require.NotNil(t, got.Src, "a re-scan's tree is kept again, for the next look")

	// a summary of the file borrows it, and hands it back
	p3 := scanner.NewPass("a.py", []byte(src), scanner.DefaultConfig(), "python", scanner.Suite{})
	p3.Shared = shared
	lent, err := grammar.Borrow(p3)
	require.NoError(t, err)
	require.Same(t, tr, lent, "a summary borrows the kept tree")
	// while it is lent, another look parses its own
	p4 := scanner.NewPass("a.py", []byte(src), scanner.DefaultConfig(), "python", scanner.Suite{})
	p4.Shared, p4.Imports = shared, phaseTwo{}
	own, err := grammar.ParsePass(p4)
	require.NoError(t, err)
	require.NotSame(t, tr, own, "a tree is lent to one user at a time")
	require.Equal(t, src, string(own.Src))
	require.Len(t, own.Nodes, nodes)
	own.Release()
	grammar.Return(p3, lent)

	// the second re-scan takes it again
	p5 := scanner.NewPass("a.py", []byte(src), scanner.DefaultConfig(), "python", scanner.Suite{})
	p5.Shared, p5.Imports = shared, phaseTwo{}
	again, err := grammar.ParsePass(p5)
	require.NoError(t, err)
	require.Same(t, tr, again)
	require.Equal(t, src, string(again.Src))
	require.Len(t, again.Nodes, nodes)
}

// A tree is kept within the store's bound only: past it, Return releases.
func TestReturnReleasesPastTheStoreBound(t *testing.T) {
	shared := &scanner.Shared{}
	src := []byte("import lib\nlib.run('x')\n")
	// fill the store up to its bound with something else
	require.True(t, shared.Keep("filler", 1, scanner.MaxKeptBytes-8))
	p := scanner.NewPass("a.py", src, scanner.DefaultConfig(), "python", scanner.Suite{})
	p.Shared = shared
	tr, err := grammar.Borrow(p)
	require.NoError(t, err)
	grammar.Return(p, tr)
	require.Nil(t, tr.Src, "no room: the tree goes back to the pool")
	_, left := shared.Take("filler")
	require.True(t, left)
	again, err := grammar.Borrow(p)
	require.NoError(t, err)
	require.Equal(t, string(src), string(again.Src), "nothing kept: parsed again")
}

func TestKeptTreeNotServedForOtherBytes(t *testing.T) {
	shared := &scanner.Shared{}
	p1 := scanner.NewPass("a.py", []byte("import lib\nlib.run('x')\n"), scanner.DefaultConfig(), "python", scanner.Suite{})
	p1.Shared, p1.Needs = shared, []string{"lib"}
	tr, err := grammar.ParsePass(p1)
	require.NoError(t, err)
	grammar.Done(p1, tr)

	// the file changed between the phases: its new bytes are parsed
	changed := "import lib\nlib.run('x', 'y', 'z')\n"
	p2 := scanner.NewPass("a.py", []byte(changed), scanner.DefaultConfig(), "python", scanner.Suite{})
	p2.Shared, p2.Imports = shared, phaseTwo{}
	got, err := grammar.ParsePass(p2)
	require.NoError(t, err)
	require.Equal(t, changed, string(got.Src))
	require.Greater(t, len(got.Nodes), len(parse(t, "import lib\nlib.run('x')\n").Nodes))
}

func TestTreeNotKeptWithoutNeeds(t *testing.T) {
	shared := &scanner.Shared{}
	src := []byte("print(1)\n")
	p1 := scanner.NewPass("a.py", src, scanner.DefaultConfig(), "python", scanner.Suite{})
	p1.Shared = shared
	tr, err := grammar.ParsePass(p1)
	require.NoError(t, err)
	grammar.Done(p1, tr)
	require.Nil(t, tr.Src, "a file that needs nothing of the repository is not re-scanned: its tree goes back to the pool")
}
