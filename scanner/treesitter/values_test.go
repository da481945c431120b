package treesitter_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

func TestConcat(t *testing.T) {
	u := treesitter.Unknown(3)
	got := treesitter.Concat(treesitter.Str("claude ", 1), u, 2)
	if got.K != treesitter.VStr || got.S != "claude "+treesitter.UnknownPart || got.Sh != "claude "+treesitter.UnknownShellWord ||
		!got.Partial || !got.AnyKnown || !got.Composite || got.Node != 2 || got.Lit != treesitter.None {
		t.Fatalf("Concat = %+v", got)
	}
	if got.Known() || !got.Usable() {
		t.Fatal("a partial string is known, or not usable")
	}
	b := treesitter.Concat(treesitter.Value{K: treesitter.VBool, B: true}, treesitter.Value{K: treesitter.VNull}, 0)
	if !b.Known() || b.S != "truenull" {
		t.Fatalf("Concat(true, null) = %+v", b)
	}
}

func TestJoinValues(t *testing.T) {
	dyn := treesitter.Str("x", 0)
	dyn.Via = scanner.ClassDynamic
	got := treesitter.JoinValues([]treesitter.Value{treesitter.Str("/opt/", 0), dyn, treesitter.Unknown(0)}, "/", 4)
	if got.S != "/opt/x/"+treesitter.UnknownPart || got.Via != scanner.ClassDynamic || !got.Partial || !got.Composite {
		t.Fatalf("JoinValues = %+v", got)
	}
	if one := treesitter.JoinValues([]treesitter.Value{treesitter.Str("a", 0)}, " ", 0); one.Composite || !one.Known() {
		t.Fatalf("JoinValues of one part = %+v", one)
	}
	if s, ok := treesitter.ShellText(got); !ok || s != "/opt//x/"+treesitter.UnknownShellWord {
		t.Fatalf("ShellText = %q %v", s, ok)
	}
	if _, ok := treesitter.ShellText(treesitter.Unknown(0)); ok {
		t.Fatal("ShellText of an unknown value")
	}
}

func TestTruthy(t *testing.T) {
	for _, c := range []struct {
		v         treesitter.Value
		val, sure bool
	}{
		{treesitter.Value{K: treesitter.VBool, B: true}, true, true},
		{treesitter.Value{K: treesitter.VNull}, false, true},
		{treesitter.Str("", 0), false, true},
		{treesitter.Str("x", 0), true, true},
		{treesitter.Value{K: treesitter.VArr}, true, true},
		{treesitter.Unknown(0), false, false},
		{treesitter.Value{K: treesitter.VLanguage}, false, false},
	} {
		if v, sure := c.v.Truthy(); v != c.val || sure != c.sure {
			t.Errorf("Truthy(%+v) = %v, %v", c.v, v, sure)
		}
	}
}

func TestStrongerVia(t *testing.T) {
	if got := treesitter.StrongerVia(scanner.ClassVariableExecution, scanner.ClassDynamic); got != scanner.ClassDynamic {
		t.Fatalf("got %v", got)
	}
	if got := treesitter.StrongerVia("", scanner.ClassVariableExecution); got != scanner.ClassVariableExecution {
		t.Fatalf("got %v", got)
	}
}

func TestArgPos(t *testing.T) {
	tr := parse(t, "x\nfoo(a)\n")
	call := find(tr, kCall)[0]
	if got := tr.Arg(treesitter.Unknown(call)); got.Known || got.Pos != (scanner.Pos{Line: 2, Column: 1}) {
		t.Fatalf("Arg(unknown) = %+v", got)
	}
	if got := tr.Arg(treesitter.Str("claude", treesitter.None)); !got.Known || got.Value != "claude" || got.Pos != (scanner.Pos{}) {
		t.Fatalf("Arg(str) = %+v", got)
	}
}

// TestConcatAll: ConcatAll is Concat folded from the left, whether it
// copies once (one possibility each) or folds (alternatives).
func TestConcatAll(t *testing.T) {
	b := treesitter.Value{K: treesitter.VBool, B: true, Node: 4, Lit: treesitter.None}
	alt := treesitter.Union(scanner.DefaultConfig(), []treesitter.Value{treesitter.Str("pi", 5), treesitter.Str("git", 6)}, 7)
	assert.Len(t, alt.Possibilities(), 2)
	for _, parts := range [][]treesitter.Value{
		{treesitter.Str("cla", 1), treesitter.Str("ude", 2)},
		{treesitter.Str("claude", 1), treesitter.Str(" -p", 2), treesitter.Unknown(3), b, treesitter.Str("", 8)},
		{treesitter.Str("x ", 1), alt, treesitter.Str(" y", 2)},
	} {
		want := parts[0]
		for _, p := range parts[1:] {
			want = treesitter.Concat(want, p, 9)
		}
		assert.Equal(t, want, treesitter.ConcatAll(parts, 9))
	}
}
