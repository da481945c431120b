package treesitter

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	ts "github.com/tree-sitter/go-tree-sitter"
	tsjavascript "github.com/tree-sitter/tree-sitter-javascript/bindings/go"
)

// TestArenaParse parses in an arena, roomy and too small (the parse goes
// on with malloc), each twice (the slot's pages reused), and requires the
// very tree a parse with malloc gives; the parser whose arrays grew into
// the arena is deleted and the arena emptied whole, the tree freed block
// by block only when part of it is malloc's.
func TestArenaParse(t *testing.T) {
	js := NewGrammar(ts.NewLanguage(tsjavascript.Language()),
		map[string]Kind{"ERROR": 1, "call_expression": 2, "identifier": 3, "comment": 4, "member_expression": 7},
		map[string]Field{"function": 1, "operator": 2, "property": 3, "arguments": 4},
		Special{Error: 1, Comment: 4, Skip: 5, Operator: 6, OperatorField: 2})
	src := []byte(strings.Repeat("const x = require('child_process'); x.spawn(`a ${b}`, [1, 2, y + z]); // c\n", 400) + "f(")
	p := js.getParser()
	tt := p.Parse(src, nil)
	js.putParser(p)
	want := &Tree{}
	bindingBuild(want, tt, js)
	tt.Close()
	for _, size := range []int{0, 4 << 10} {
		// twice each: the second parse reuses the slot's written pages
		for range 2 {
			a := getArena()
			require.NotNil(t, a, "a free arena")
			if size > 0 {
				a.limit(size)
			}
			p := js.newParser()
			tt, _ := parseSteps(p, src, parseBudget(len(src)), a)
			require.NotNil(t, tt)
			require.Equal(t, size > 0, a.overflow(), "size %d", size)
			require.Positive(t, a.used())
			got := &Tree{}
			got.buildBig(tt, js, func() {
				if a.overflow() {
					tt.Close()
				}
				p.Close()
				a.release()
			})
			require.Equal(t, want.HasError, got.HasError, "size %d", size)
			require.Equal(t, want.Nodes, got.Nodes, "size %d", size)
		}
	}
	// the parses of Parse itself, which takes an arena
	for range 3 {
		got := &Tree{}
		require.True(t, js.Parse(src, got))
		require.Equal(t, want.Nodes, got.Nodes)
	}
	// malloc's parses go on after
	p = js.getParser()
	tt = p.Parse(src, nil)
	js.putParser(p)
	again := &Tree{}
	again.build(tt, js)
	tt.Close()
	require.Equal(t, want.Nodes, again.Nodes)
}
