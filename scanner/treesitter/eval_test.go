package treesitter_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	ts "github.com/tree-sitter/go-tree-sitter"
	tspython "github.com/tree-sitter/tree-sitter-python/bindings/go"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

// A language of four kinds, enough to drive the shared evaluator: names
// bound by assignment, string literals, and dict literals with pairs and
// unpackings.
const (
	mOther treesitter.Kind = iota
	mError
	mComment
	mSkip // no node is skipped
	mIdentifier
	mString
	mAssignment
	mDict
	mPair
	mSplat
	mOperator
)

const (
	mfNone treesitter.Field = iota
	mfLeft
	mfRight
	mfKey
	mfValue
	mfOperator
)

var miniGrammar = treesitter.NewGrammar(ts.NewLanguage(tspython.Language()),
	map[string]treesitter.Kind{"ERROR": mError, "comment": mComment, "identifier": mIdentifier, "string": mString,
		"assignment": mAssignment, "dictionary": mDict, "pair": mPair, "dictionary_splat": mSplat},
	map[string]treesitter.Field{"left": mfLeft, "right": mfRight, "key": mfKey, "value": mfValue, "operator": mfOperator},
	treesitter.Special{Error: mError, Comment: mComment, Skip: mSkip, Operator: mOperator, OperatorField: mfOperator})

type mini struct {
	t      *treesitter.Tree
	scopes *treesitter.Scopes[int32] // a binding is its value node
	ev     *treesitter.Evaluator[int32]
}

func newMini(t *testing.T, src string, b *treesitter.Budget) *mini {
	t.Helper()
	tr := &treesitter.Tree{Src: []byte(src)}
	require.True(t, miniGrammar.Parse(tr.Src, tr))
	require.False(t, tr.HasError)
	m := &mini{t: tr, scopes: treesitter.NewScopes[int32](tr)}
	for i := int32(0); i < int32(len(tr.Nodes)); i++ {
		if tr.Nodes[i].Kind == mAssignment {
			m.scopes.Bind(tr.Child(i, mfLeft), tr.Child(i, mfRight))
		}
	}
	m.ev = treesitter.NewEvaluator(tr, scanner.DefaultConfig(), m.scopes, treesitter.Lang[int32](m), treesitter.Shape{})
	if b != nil {
		m.ev.Budget = b
	}
	return m
}

func (m *mini) Expr(n int32) treesitter.Value {
	t := m.t
	switch t.Nodes[n].Kind {
	case mString:
		return treesitter.Str(strings.Trim(t.Text(n), `'"`), n)
	case mDict:
		return treesitter.ObjectAt(n)
	case mIdentifier:
		bs, key, ok := m.scopes.Lookup(t.Src[t.Nodes[n].Start:t.Nodes[n].End], n)
		switch {
		case !ok:
			return treesitter.Unknown(n)
		case len(bs) == 1:
			return m.Binding(&bs[0])
		}
		return m.ev.Multi(key, bs, n)
	}
	return treesitter.Unknown(n)
}

func (m *mini) Binding(b *int32) treesitter.Value {
	v := *b
	return m.ev.Once(v, func() treesitter.Value { return m.ev.Eval(v) })
}

func (m *mini) Import(*int32) bool { return false }

func (m *mini) Entry(c int32, name string) (treesitter.Value, bool, bool) {
	t := m.t
	if t.Nodes[c].Kind == mSplat {
		return m.ev.Eval(t.Nodes[c].First), false, true // search the unpacked dict
	}
	key := m.ev.Eval(t.Child(c, mfKey)) // a pair (other children have no key)
	found := t.Nodes[c].Kind == mPair && key.Known() && key.S == name
	if !found {
		return treesitter.Value{}, false, false
	}
	return m.ev.Eval(t.Child(c, mfValue)), true, false
}

func (m *mini) Body(int32) (int32, bool)             { return treesitter.None, false }
func (m *mini) Method(int32) (string, bool)          { return "", false }
func (m *mini) Class(int32) (string, []string, bool) { return "", nil, false }
func (m *mini) last(name string) treesitter.Value    { return m.ev.Eval(m.lastIdent(name)) }

func (m *mini) lastIdent(name string) int32 {
	var out int32 = treesitter.None
	for i := range m.t.Nodes {
		if m.t.Nodes[i].Kind == mIdentifier && m.t.Is(int32(i), name) {
			out = int32(i)
		}
	}
	return out
}

func TestEvaluatorProp(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		found     bool
		want      string
	}{
		{"last definition wins", "o = {'cmd': 'a', 'cmd': 'b'}\nz = o\n", true, "b"},
		{"through an unpacking", "p = {'cmd': 'claude'}\no = {**p, 'x': 'y'}\nz = o\n", true, "claude"},
		// The self-spreading values of generated SDK code: a cycle, not a
		// crash, and not a bound.
		{"unpacks itself", "o = {**o, 'x': 'y'}\nz = o\n", false, ""},
		{"unpack each other", "a = {**b}\nb = {**a}\nz = a\n", false, ""},
		{"own entry despite the cycle", "o = {**o, 'cmd': 'claude'}\nz = o\n", true, "claude"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newMini(t, tc.src, nil)
			v, found := m.ev.Prop(m.last("z"), "cmd")
			assert.Equal(t, tc.found, found)
			assert.Equal(t, tc.want, v.S)
			_, _, reached := m.ev.Budget.Reached()
			assert.False(t, reached, "a cycle is not a bound")
			assert.NoError(t, m.ev.Err())
		})
	}
}

func TestEvaluatorPropBound(t *testing.T) {
	var b strings.Builder
	b.WriteString("d0 = {'cmd': 'claude'}\n")
	for i := 1; i <= 40; i++ {
		b.WriteString("d" + strconv.Itoa(i) + " = {**d" + strconv.Itoa(i-1) + "}\n")
	}
	src := b.String() + "z = d40\n"

	m := newMini(t, src, treesitter.NewBudgetOf(100, 1<<20))
	v, found := m.ev.Prop(m.last("z"), "cmd")
	require.True(t, found, "40 unpackings are within 100 levels")
	assert.Equal(t, "claude", v.S)
	require.NoError(t, m.ev.Err())

	m = newMini(t, src, treesitter.NewBudgetOf(20, 1<<20))
	_, found = m.ev.Prop(m.last("z"), "cmd")
	assert.False(t, found, "past the depth the value is unknown")
	err := m.ev.Err()
	require.Error(t, err, "and the bound reached is reported")
	assert.Contains(t, err.Error(), "deeper than 20 levels")
}

func TestEvaluatorMulti(t *testing.T) {
	m := newMini(t, "x = 'claude'\nx = 'claude'\ny = 'a'\ny = 'b'\nz = x\nw = y\n", nil)
	assert.Equal(t, "claude", m.last("x").S, "bindings that agree")
	y := m.last("y")
	require.NotNil(t, y.Alt, "bindings that disagree are a set")
	assert.Equal(t, []string{"a", "b"}, []string{y.S, y.Alt.S})
}

func TestFallbackEither(t *testing.T) {
	known, empty, unknown := treesitter.Str("claude", 1), treesitter.Str("", 2), treesitter.Unknown(3)
	assert.Equal(t, "claude", treesitter.Fallback(known, unknown, false, 0).S)
	assert.Equal(t, scanner.ClassDynamic, treesitter.Fallback(unknown, known, false, 0).Via, "a fallback of an unknown value is a run-time value")
	assert.Equal(t, "claude", treesitter.Fallback(empty, known, false, 0).S, "|| skips an empty string")
	assert.Equal(t, "", treesitter.Fallback(empty, known, true, 0).S, "?? keeps it")

	e := treesitter.Either(scanner.DefaultConfig(), known, treesitter.Str("pi", 4), 0)
	require.NotNil(t, e.Alt)
	assert.Equal(t, []string{"claude", "pi"}, []string{e.S, e.Alt.S})
	list := treesitter.Value{K: treesitter.VArr}
	assert.Equal(t, treesitter.VUnknown, treesitter.Either(nil, unknown, list, 0).K)
	assert.Equal(t, treesitter.VArr, treesitter.Either(nil, unknown, list, 0, treesitter.VArr).K)
}

func TestElem(t *testing.T) {
	l := treesitter.Value{K: treesitter.VArr, Elems: []treesitter.Value{treesitter.Str("a", 1), treesitter.Str("b", 2)}}
	assert.Equal(t, "b", treesitter.Elem(l, "#1", 0).S)
	assert.False(t, treesitter.Elem(l, "#2", 0).Known())
	assert.False(t, treesitter.Elem(l, "#x", 0).Known())
	assert.False(t, treesitter.Elem(l, "#99999999999", 0).Known())
}

func TestBaseNames(t *testing.T) {
	for _, c := range []struct {
		head string
		want []string
	}{
		{"(base.Invoker, Mixin, metaclass=abc.ABCMeta)", []string{"Invoker", "Mixin"}},
		{"(Generic[T], Runner)", []string{"Generic", "Runner"}},
		{" base.Runner<Map<string, T>> ", []string{"Runner"}},
		{"", nil},
	} {
		assert.Equal(t, c.want, treesitter.BaseNames([]byte(c.head)), c.head)
	}
}
