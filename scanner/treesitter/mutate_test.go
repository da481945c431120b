package treesitter

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/leasegate/leasegate/scanner"
)

// elemTexts lists the possibilities of the first element and the known
// texts of the others.
func elemTexts(v Value) (first []string, rest []string) {
	if len(v.Elems) == 0 {
		return nil, nil
	}
	for _, p := range v.Elems[0].Possibilities() {
		first = append(first, p.S)
	}
	for _, e := range v.Elems[1:] {
		rest = append(rest, e.S)
	}
	return first, rest
}

func TestMutateList(t *testing.T) {
	list := func(ss ...string) Value { return Value{K: VArr, Elems: strs(ss...), Node: None, Lit: None} }
	for _, tc := range []struct {
		name        string
		v           Value
		op          ListOp
		args        []Value
		first, rest []string
	}{
		{"append", list("-p"), ListAppend, strs("x", "y"), []string{"-p"}, []string{"x", "y"}},
		{"extend", list("-p"), ListExtend, []Value{list("x")}, []string{"-p"}, []string{"x"}},
		{"extend unknown", list("-p"), ListExtend, []Value{Unknown(None)}, []string{"-p"}, []string{""}},
		{"prepend", list("-p"), ListPrepend, strs("claude"), []string{"claude"}, []string{"-p"}},
		{"extendleft reverses", list("-p"), ListExtendLeft, []Value{list("a", "b")}, []string{"b"}, []string{"a", "-p"}},
		{"insert front", list("-p"), ListInsert, strs("0", "claude"), []string{"claude"}, []string{"-p"}},
		{"insert end", list("-p"), ListInsert, strs("1", "x"), []string{"-p"}, []string{"x"}},
		{"set item", list("git", "-p"), ListSetItem, strs("0", "claude"), []string{"claude"}, []string{"-p"}},
		{"set from the end", list("-p", "git"), ListSetItem, strs("-1", "x"), []string{"-p"}, []string{"x"}},
		{"splice insert", list("-p"), ListSplice, strs("0", "0", "claude"), []string{"claude"}, []string{"-p"}},
		{"splice replace", list("git", "-p"), ListSplice, strs("0", "1", "claude"), []string{"claude"}, []string{"-p"}},
		{"fill", list("-p", "x"), ListFill, strs("claude"), []string{"claude"}, []string{"claude"}},
		{"map set", list(), ListMapSet, strs("k", "claude"), []string{""}, nil},
		{"read-only", list("-p"), ListReadOnly, strs("claude"), []string{"-p"}, nil},
		{"pop", list("git", "--author", "claude"), ListPop, nil, []string{"git"}, []string{"--author"}},
		{"pop i", list("sudo", "claude"), ListPop, strs("0"), []string{"claude"}, nil},
		{"shift", list("sudo", "claude", "-p"), ListShift, nil, []string{"claude"}, []string{"-p"}},
		{"reverse", list("-p", "claude"), ListReverse, nil, []string{"claude"}, []string{"-p"}},
		{"pop empty", list(), ListPop, nil, nil, nil},
		{"shift empty", list(), ListShift, nil, nil, nil},
		{"pop i empty", list(), ListPop, strs("0"), nil, nil},
		{"remove", list("sudo", "claude"), ListRemove, strs("sudo"), []string{"claude"}, nil},
		{"remove absent", list("git", "claude"), ListRemove, strs("x"), []string{"git"}, []string{"claude"}},
		{"clear", list("claude"), ListClear, nil, nil, nil},
		// unmodelled, or an index not known: any element or argument
		// may be first, and an unknown element is added
		{"unmodelled", list("-p"), ListUnmodelled, strs("claude"), []string{"claude", "-p"}, []string{""}},
		{"unknown index", list("-p"), ListInsert, []Value{Unknown(None), Str("claude", None)}, []string{"claude", "-p"}, []string{""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			first, rest := elemTexts(MutateList(scanner.DefaultConfig(), tc.v, tc.op, tc.args, 1))
			assert.ElementsMatch(t, tc.first, first)
			assert.Equal(t, tc.rest, rest)
		})
	}
	// not a list: unchanged
	assert.Equal(t, VStr, MutateList(nil, Str("x", None), ListAppend, nil, 1).K)
}

func TestMapGet(t *testing.T) {
	pair := func(k, v Value) Value { return Value{K: VArr, Elems: []Value{k, v}} }
	m := Value{K: VArr, Elems: []Value{
		pair(Str("vcs", None), Str("git", None)),
		pair(Str("agent", None), Str("claude", None)),
		pair(Unknown(None), Str("hg", None)),
	}}
	var got []string
	for _, p := range MapGet(nil, m, Str("agent", None), 1).Possibilities() {
		got = append(got, p.S)
	}
	assert.ElementsMatch(t, []string{"claude", "hg"}, got)
	got = nil
	for _, p := range MapGet(nil, m, Unknown(None), 1).Possibilities() {
		got = append(got, p.S)
	}
	assert.ElementsMatch(t, []string{"git", "claude", "hg"}, got)
	assert.Equal(t, VUnknown, MapGet(nil, Str("x", None), Str("k", None), 1).K)
}

// TestMutateListUnmodelledIsSequential: a run of unmodelled changes
// applied at once gives the list the changes applied one by one give:
// the same length, the same possibilities for the first element (in any
// order), the same later elements.
func TestMutateListUnmodelledIsSequential(t *testing.T) {
	cfg := scanner.DefaultConfig()
	list := func(vs ...Value) Value { return Value{K: VArr, Elems: vs, Node: None, Lit: None} }
	poss := func(v Value) []string {
		var out []string
		for _, p := range v.Possibilities() {
			out = append(out, fmt.Sprintf("%d:%s:%d", p.K, p.S, p.Node))
		}
		return out
	}
	for _, tc := range []struct {
		name string
		v    Value
		args [][]Value
	}{
		{"one", list(strs("-p")...), [][]Value{strs("claude")}},
		{"several", list(strs("git", "-p", "x")...), [][]Value{strs("a"), nil, strs("claude", "b"), {list(strs("pi", "c")...)}}},
		{"empty list, no arguments", list(), [][]Value{nil, nil, strs("claude")}},
		{"empty list, arguments first", list(), [][]Value{strs("claude"), nil}},
		{"unknowns", list(Unknown(7)), [][]Value{{Unknown(8)}, strs("pi")}},
		{"many", list(strs("a", "b")...), func() (out [][]Value) {
			for i := 0; i < 40; i++ {
				out = append(out, strs(fmt.Sprint("x", i%7)))
			}
			return out
		}()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ns := make([]int32, len(tc.args))
			seq := tc.v
			for i, a := range tc.args {
				ns[i] = int32(100 + i)
				seq = MutateList(cfg, seq, ListUnmodelled, a, ns[i])
			}
			got := MutateListUnmodelled(cfg, tc.v, tc.args, ns)
			if assert.Len(t, got.Elems, len(seq.Elems)) && len(got.Elems) > 0 {
				assert.ElementsMatch(t, poss(seq.Elems[0]), poss(got.Elems[0]))
				for i := 1; i < len(seq.Elems); i++ {
					assert.Equal(t, poss(seq.Elems[i]), poss(got.Elems[i]), "element %d", i)
				}
			}
		})
	}
	// not a list, or no change: unchanged
	assert.Equal(t, VStr, MutateListUnmodelled(cfg, Str("x", None), [][]Value{nil}, []int32{1}).K)
	v := list(strs("a")...)
	assert.Equal(t, v, MutateListUnmodelled(cfg, v, nil, nil))
}
