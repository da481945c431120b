package treesitter_test

import (
	"testing"

	ts "github.com/tree-sitter/go-tree-sitter"
	tspython "github.com/tree-sitter/tree-sitter-python/bindings/go"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

const (
	kOther treesitter.Kind = iota
	kError
	kCall
	kIdentifier
	kComment
	kSkip
	kOperator
	kFunction
	kAttribute
)

const (
	fNone treesitter.Field = iota
	fFunction
	fOperator
	fAttribute
)

var grammar = treesitter.NewGrammar(ts.NewLanguage(tspython.Language()),
	map[string]treesitter.Kind{"ERROR": kError, "call": kCall, "identifier": kIdentifier, "comment": kComment, "type": kSkip, "function_definition": kFunction, "attribute": kAttribute},
	map[string]treesitter.Field{"function": fFunction, "operator": fOperator, "attribute": fAttribute},
	treesitter.Special{Error: kError, Comment: kComment, Skip: kSkip, Operator: kOperator, OperatorField: fOperator})

func parse(t *testing.T, src string) *treesitter.Tree {
	t.Helper()
	tr := &treesitter.Tree{Src: []byte(src)}
	if !grammar.Parse(tr.Src, tr) {
		t.Fatal("the parser gave up")
	}
	return tr
}

func find(tr *treesitter.Tree, k treesitter.Kind) []int32 {
	var out []int32
	for i := range tr.Nodes {
		if tr.Nodes[i].Kind == k {
			out = append(out, int32(i))
		}
	}
	return out
}

func TestTreeWalk(t *testing.T) {
	tr := parse(t, "# spawn(x)\nx: int = 1\nfoo(a)\nb = a + 1\n")
	if tr.HasError {
		t.Fatal("HasError on a valid file")
	}
	calls := find(tr, kCall)
	if len(calls) != 1 {
		t.Fatalf("calls = %v, want one (the comment is left out)", calls)
	}
	call := calls[0]
	fn := tr.Child(call, fFunction)
	if fn == treesitter.None || !tr.Is(fn, "foo") || tr.Text(fn) != "foo" || tr.Is(fn, "fo") {
		t.Fatalf("function child %d", fn)
	}
	if got := tr.ChildKind(call, kIdentifier); got != fn {
		t.Fatalf("ChildKind = %d, want %d", got, fn)
	}
	if got := tr.Child(treesitter.None, fFunction); got != treesitter.None {
		t.Fatalf("Child(None) = %d", got)
	}
	if kids := tr.Children(call); len(kids) != 2 || kids[0] != fn || tr.Nodes[kids[1]].Parent != call {
		t.Fatalf("Children = %v", kids)
	}
	if got, want := tr.Pos(call), (scanner.Pos{Line: 3, Column: 1}); got != want {
		t.Fatalf("Pos = %v, want %v", got, want)
	}
	if got, want := tr.PosAt(len(tr.Src)-2), (scanner.Pos{Line: 4, Column: 9}); got != want {
		t.Fatalf("PosAt = %v, want %v", got, want)
	}
	ops := find(tr, kOperator)
	if len(ops) != 1 || !tr.Is(ops[0], "+") || tr.Nodes[ops[0]].Field != fOperator {
		t.Fatalf("operators = %v", ops)
	}
	for _, id := range find(tr, kIdentifier) {
		if tr.Is(id, "int") {
			t.Fatal("the skipped type annotation was copied")
		}
	}
}

func TestTreeError(t *testing.T) {
	tr := parse(t, "foo(\n")
	if !tr.HasError || len(find(tr, kError)) == 0 {
		t.Fatal("a broken file has no ERROR node")
	}
	tr.Reset()
	if tr.HasError || tr.Src != nil {
		t.Fatal("Reset kept the source or the error flag")
	}
	tr.Src = []byte("a\nb")
	if got := tr.PosAt(2); got.Line != 2 {
		t.Fatalf("Reset kept the old line table: %v", got)
	}
}

func TestParseFile(t *testing.T) {
	src := []byte("foo(a)\n")
	tr, err := grammar.ParseFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if len(find(tr, kCall)) != 1 || tr.Pos(find(tr, kCall)[0]).Line != 1 {
		t.Fatal("ParseFile did not copy the tree")
	}
	tr.Release()
	again, err := grammar.ParseFile([]byte("x = 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	defer again.Release()
	if again.HasError || len(find(again, kCall)) != 0 || string(again.Src) != "x = 1\n" {
		t.Fatal("a pooled tree kept nodes or source of the previous file")
	}
}

func TestCallSites(t *testing.T) {
	tr := parse(t, "f(1)\nx.m(2)\nf(3)\n(lambda: 0)()\n")
	sites := tr.CallSites(treesitter.CallShape{Call: kCall, Callee: fFunction, Ident: kIdentifier, Member: kAttribute, MemberName: fAttribute})
	if len(sites) != 2 || len(sites["f"]) != 2 || len(sites[".m"]) != 1 {
		t.Fatalf("CallSites = %v", sites)
	}
	if got := tr.Pos(sites["f"][1]).Line; got != 3 {
		t.Fatalf("second call of f on line %d", got)
	}
}

// TestLeaf: a Leaf node is copied with its text, its subtree is not.
func TestLeaf(t *testing.T) {
	const kDecorator treesitter.Kind = kAttribute + 1
	g := treesitter.NewGrammar(ts.NewLanguage(tspython.Language()),
		map[string]treesitter.Kind{"call": kCall, "identifier": kIdentifier, "decorator": kDecorator},
		map[string]treesitter.Field{"function": fFunction},
		treesitter.Special{Comment: kComment, Skip: kSkip, Leaf: kDecorator, Operator: kOperator, OperatorField: fOperator})
	src := "@wrap(spawn(x))\ndef f():\n    foo(a)\n"
	tr := &treesitter.Tree{Src: []byte(src)}
	if !g.Parse(tr.Src, tr) {
		t.Fatal("the parser gave up")
	}
	leaves := find(tr, kDecorator)
	if len(leaves) != 1 || tr.Text(leaves[0]) != "@wrap(spawn(x))" || tr.Nodes[leaves[0]].First != treesitter.None {
		t.Fatalf("leaves = %v", leaves)
	}
	if calls := find(tr, kCall); len(calls) != 1 || !tr.Is(tr.Child(calls[0], fFunction), "foo") {
		t.Fatalf("calls = %v, want foo's alone", calls)
	}
}
