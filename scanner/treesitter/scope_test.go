package treesitter_test

import (
	"testing"

	"github.com/leasegate/leasegate/scanner/treesitter"
)

func TestScopes(t *testing.T) {
	tr := parse(t, "x = 1\ndef f():\n    x = 2\n    x\n    y\ny\n")
	var fn int32 = treesitter.None
	var xs, ys []int32
	for _, id := range find(tr, kIdentifier) {
		switch {
		case tr.Is(id, "x"):
			xs = append(xs, id)
		case tr.Is(id, "y"):
			ys = append(ys, id)
		}
	}
	if fns := find(tr, kFunction); len(fns) == 1 {
		fn = fns[0]
	}
	if fn == treesitter.None || len(xs) != 3 || len(ys) != 2 {
		t.Fatalf("fixture: fn %d, x %v, y %v", fn, xs, ys)
	}
	s := treesitter.NewScopes[string](tr, kFunction)
	if s.Of(xs[0]) != treesitter.None || s.Of(xs[1]) != fn || s.Of(fn) != treesitter.None {
		t.Fatalf("Of: %d %d %d", s.Of(xs[0]), s.Of(xs[1]), s.Of(fn))
	}
	s.Bind(xs[0], "module x")
	s.Bind(xs[1], "local x")
	s.BindIn(ys[1], "module y", treesitter.None)
	if !s.Bound([]byte("x")) || s.Bound([]byte("z")) {
		t.Fatal("Bound")
	}
	bs, key, ok := s.Lookup([]byte("x"), xs[2])
	if !ok || len(bs) != 1 || bs[0] != "local x" || key.Scope != fn {
		t.Fatalf("x in f: %v %v %v", bs, key, ok)
	}
	bs, key, ok = s.Lookup([]byte("y"), ys[0])
	if !ok || bs[0] != "module y" || key.Scope != treesitter.None {
		t.Fatalf("y in f falls back to the module: %v %v %v", bs, key, ok)
	}
	if _, _, ok := s.Lookup([]byte("z"), xs[2]); ok {
		t.Fatal("an unbound name was found")
	}
	s.Bind(xs[0], "module x again")
	if bs, _, _ := s.Lookup([]byte("x"), xs[0]); len(bs) != 2 {
		t.Fatalf("module x bindings: %v", bs)
	}
}
