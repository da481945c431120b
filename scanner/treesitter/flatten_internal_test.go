package treesitter

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
	ts "github.com/tree-sitter/go-tree-sitter"
	tsjavascript "github.com/tree-sitter/tree-sitter-javascript/bindings/go"
	tspython "github.com/tree-sitter/tree-sitter-python/bindings/go"
)

func TestNodeLayout(t *testing.T) {
	var n Node
	want := []uintptr{unsafe.Sizeof(n), unsafe.Offsetof(n.Start), unsafe.Offsetof(n.End), unsafe.Offsetof(n.Parent),
		unsafe.Offsetof(n.First), unsafe.Offsetof(n.Next), unsafe.Offsetof(n.Kind), unsafe.Offsetof(n.Field)}
	require.Equal(t, want, cNodeLayout(), "lg_node in flatten.go must have Node's layout")
}

// bindingBuild is the copy that build made before the walk moved into C,
// through the binding's API one cgo call at a time: the reference the C
// walk must reproduce node for node.
func bindingBuild(t *Tree, tt *ts.Tree, g *Grammar) {
	c := tt.Walk()
	defer c.Close()
	sp := &g.special
	t.Nodes = t.Nodes[:0]
	t.HasError = false
	parents := []int32{None}
	last := []int32{None}
	for {
		n := c.Node()
		id := n.KindId()
		fid := c.FieldId()
		var k Kind
		keep := false
		if id == errorSymbol {
			k, keep = sp.Error, true
			t.HasError = true
		} else if int(id) < len(g.kinds) {
			k, keep = g.kinds[id], g.keep[id]
		}
		f := NoField
		if int(fid) < len(g.fields) {
			f = g.fields[fid]
		}
		if f != NoField {
			keep = true
		}
		if k == sp.Comment || k == sp.Skip {
			keep = false
		}
		top := parents[len(parents)-1]
		cur := top
		if keep {
			if f == sp.OperatorField {
				k = sp.Operator
			}
			idx := int32(len(t.Nodes))
			t.Nodes = append(t.Nodes, Node{Start: uint32(n.StartByte()), End: uint32(n.EndByte()), Parent: top, First: None, Next: None, Kind: k, Field: f})
			if l := last[len(last)-1]; l != None {
				t.Nodes[l].Next = idx
			} else if top != None {
				t.Nodes[top].First = idx
			}
			last[len(last)-1] = idx
			cur = idx
		}
		if k != sp.Comment && k != sp.Skip && c.GotoFirstChild() {
			parents = append(parents, cur)
			last = append(last, None)
			continue
		}
		for !c.GotoNextSibling() {
			if !c.GotoParent() {
				return
			}
			parents = parents[:len(parents)-1]
			last = last[:len(last)-1]
		}
	}
}

// TestFlattenMatchesBinding parses every Python and JavaScript case of the
// parser matrix (and broken and nested inputs) and requires the C walk to
// give exactly the tree the binding walk gives, from an empty slice (sized
// by nodeBound), from a large one, and into C memory (buildBig).
func TestFlattenMatchesBinding(t *testing.T) {
	py := NewGrammar(ts.NewLanguage(tspython.Language()),
		map[string]Kind{"ERROR": 1, "call": 2, "identifier": 3, "comment": 4, "type": 5, "attribute": 7},
		map[string]Field{"function": 1, "operator": 2, "attribute": 3, "arguments": 4},
		Special{Error: 1, Comment: 4, Skip: 5, Operator: 6, OperatorField: 2})
	js := NewGrammar(ts.NewLanguage(tsjavascript.Language()),
		map[string]Kind{"ERROR": 1, "call_expression": 2, "identifier": 3, "comment": 4, "member_expression": 7},
		map[string]Field{"function": 1, "operator": 2, "property": 3, "arguments": 4},
		Special{Error: 1, Comment: 4, Skip: 5, Operator: 6, OperatorField: 2})
	srcs := map[string]*Grammar{
		"broken.py": py, "broken.js": js,
		"nested.py": py, "nested.js": js,
	}
	inputs := map[string][]byte{
		"broken.py": []byte("def f(:\n  subprocess.run(['a'] + \n# c\nx = (1 +"),
		"broken.js": []byte("const x = require('child_process'\nx.spawn(`a ${b`, ["),
		"nested.py": []byte(strings.Repeat("(", 3000) + "1" + strings.Repeat(")", 3000)),
		"nested.js": []byte(strings.Repeat("[", 3000) + strings.Repeat("]", 3000)),
	}
	root := filepath.Join("..", "..", "testdata", "parser-matrix")
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		switch filepath.Ext(p) {
		case ".py":
			srcs[p] = py
		case ".js", ".mjs", ".cjs":
			srcs[p] = js
		default:
			return nil
		}
		b, err := os.ReadFile(p)
		inputs[p] = b
		return err
	})
	require.NoError(t, err)
	require.Greater(t, len(srcs), 20, "the matrix should give many inputs")
	for name, g := range srcs {
		src := inputs[name]
		p := g.getParser()
		tt := p.Parse(src, nil)
		g.putParser(p)
		require.NotNil(t, tt, name)
		want := &Tree{}
		bindingBuild(want, tt, g)
		require.GreaterOrEqual(t, nodeBound(tt), len(want.Nodes), "%s: the bound must hold every kept node", name)
		for _, start := range []int{0, 1 << 16} {
			got := &Tree{Nodes: make([]Node, 0, start)}
			got.build(tt, g)
			require.Equal(t, want.HasError, got.HasError, name)
			require.Equal(t, want.Nodes, got.Nodes, name)
		}
		// a walk into a slice too small still counts every node (the
		// path build falls back to), and copies the first ones exactly
		if len(want.Nodes) > 1 {
			few := make([]Node, len(want.Nodes)/2)
			n, _ := flatten(tt, g, few)
			require.Equal(t, len(want.Nodes), n, name)
		}
		tt.Close()
		// a big file's walk into C memory (buildBig), which closes the tree
		p = g.getParser()
		tt = p.Parse(src, nil)
		g.putParser(p)
		big := &Tree{}
		big.buildBig(tt, g, tt.Close)
		require.Equal(t, want.HasError, big.HasError, name)
		require.Equal(t, want.Nodes, big.Nodes, name)
	}
}
