package treesitter_test

import (
	"testing"

	"github.com/leasegate/leasegate/scanner/treesitter"
)

func TestMemo(t *testing.T) {
	m := treesitter.NewMemo()
	calls := 0
	var inner treesitter.Value
	got := m.Once(1, 10, func() treesitter.Value {
		calls++
		inner = m.Once(1, 11, func() treesitter.Value { // a cycle
			t.Fatal("a key being worked out was worked out again")
			return treesitter.Value{}
		})
		return treesitter.Str("x", 10)
	})
	if got.S != "x" || calls != 1 {
		t.Fatalf("Once = %+v after %d calls", got, calls)
	}
	if inner.K != treesitter.VUnknown || inner.Node != 11 {
		t.Fatalf("the cycle read %+v, want unknown at 11", inner)
	}
	again := m.Once(1, 12, func() treesitter.Value {
		t.Fatal("a cached key was worked out again")
		return treesitter.Value{}
	})
	if again.S != "x" || again.Node != 10 {
		t.Fatalf("cached value %+v", again)
	}
}
