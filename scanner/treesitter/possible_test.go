package treesitter_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/treesitter"
)

func texts(v treesitter.Value) []string {
	var out []string
	for _, p := range v.Possibilities() {
		out = append(out, p.S)
	}
	return out
}

func TestUnionOrdersRuntimesFirst(t *testing.T) {
	cfg := scanner.DefaultConfig()
	u := treesitter.Union(cfg, []treesitter.Value{treesitter.Str("git", 1), treesitter.Unknown(2), treesitter.Str("claude", 3), treesitter.Str("git", 4)}, 9)
	assert.Equal(t, []string{"claude", "git"}, texts(u), "runtime first, repeats and opaque possibilities dropped")
	assert.Equal(t, treesitter.VUnknown, treesitter.Union(cfg, []treesitter.Value{treesitter.Unknown(1), {K: treesitter.VBool}}, 9).K)
}

func TestUnionMarksLeftOutPossibility(t *testing.T) {
	cfg := scanner.DefaultConfig()
	u := treesitter.Union(cfg, []treesitter.Value{treesitter.Str("fs", 1), treesitter.Unknown(2)}, 9)
	assert.Equal(t, []string{"fs"}, texts(u))
	assert.True(t, u.MaybeOther(), "the unknown left out may be any name")
	assert.Equal(t, []string{treesitter.AnyProp}, treesitter.SetKeys(u))
	again := treesitter.Union(cfg, []treesitter.Value{treesitter.Str("os", 3), u}, 9)
	assert.True(t, again.MaybeOther(), "a union of it keeps the mark")
	known := treesitter.Union(cfg, []treesitter.Value{treesitter.Str("fs", 1), treesitter.Str("os", 2)}, 9)
	assert.False(t, known.MaybeOther())
	assert.Equal(t, []string{"fs", "os"}, treesitter.SetKeys(known))
	assert.True(t, treesitter.Fallback(treesitter.Unknown(1), treesitter.Str("path", 2), false, 9).MaybeOther(), "a default a run-time value replaces")
}

func TestUnionBoundIsDynamic(t *testing.T) {
	cfg := scanner.DefaultConfig()
	var vals []treesitter.Value
	for i := 0; i < 2*treesitter.MaxPossibilities; i++ {
		vals = append(vals, treesitter.Str(fmt.Sprintf("tool%d", i), int32(i)))
	}
	vals = append(vals, treesitter.Str("claude", 99))
	u := treesitter.Union(cfg, vals, 100)
	ps := u.Possibilities()
	require.Len(t, ps, treesitter.MaxPossibilities)
	assert.Equal(t, "claude", ps[0].S, "the runtime is kept past the bound")
	assert.Equal(t, scanner.ClassDynamic, ps[0].Via, "a value past the bound is dynamic")
}

func TestConcatDistributes(t *testing.T) {
	cfg := scanner.DefaultConfig()
	dir := treesitter.Union(cfg, []treesitter.Value{treesitter.Str("/opt/", 1), treesitter.Str("./bin/", 2)}, 3)
	name := treesitter.Union(cfg, []treesitter.Value{treesitter.Str("claude", 4), treesitter.Str("pi", 5)}, 6)
	assert.Equal(t, []string{"/opt/claude", "/opt/pi", "./bin/claude", "./bin/pi"}, texts(treesitter.Concat(dir, name, 7)))
	j := treesitter.JoinValues([]treesitter.Value{dir, treesitter.Unknown(8)}, "/", 9)
	assert.Equal(t, []string{"/opt/" + treesitter.UnknownPart, "./bin/" + treesitter.UnknownPart}, texts(j))
}

func TestCombineBoundKeepsEveryPossibility(t *testing.T) {
	cfg := scanner.DefaultConfig()
	var a, b []treesitter.Value
	for i := 0; i < 8; i++ {
		a = append(a, treesitter.Str(fmt.Sprintf("a%d", i), 0))
		b = append(b, treesitter.Str(fmt.Sprintf("b%d", i), 0))
	}
	b[7] = treesitter.Str("claude", 0)
	got := texts(treesitter.Concat(treesitter.Union(cfg, a, 0), treesitter.Union(cfg, b, 0), 1))
	assert.Contains(t, got, "a0claude", "past the bound each possibility still shows once")
	assert.Contains(t, got, "a7claude")
	assert.Contains(t, got, "a0b6")
	for _, p := range treesitter.Concat(treesitter.Union(cfg, a, 0), treesitter.Union(cfg, b, 0), 1).Possibilities() {
		assert.Equal(t, scanner.ClassDynamic, p.Via)
	}
}

func TestUnionPutsRuntimePackageFirst(t *testing.T) {
	cfg := scanner.DefaultConfig()
	u := treesitter.Union(cfg, []treesitter.Value{treesitter.Str("prettier", 1), treesitter.Str("@anthropic-ai/claude-code", 2)}, 3)
	assert.Equal(t, []string{"@anthropic-ai/claude-code", "prettier"}, texts(u), "an npx argument that may be a runtime package reads as that package")
}

// TestUnionPastCut: a union with places left unread keeps what was read,
// marked dynamic, and one more possibility that stands for the rest
// (Value.Cut), which an argv carries as Arg.Cut; without a cut there is
// none.
func TestUnionPastCut(t *testing.T) {
	cfg := scanner.DefaultConfig()
	vals := []treesitter.Value{treesitter.Str("git", 1), treesitter.Str("eslint", 2)}
	cuts := func(v treesitter.Value) (n int) {
		for _, p := range v.Possibilities() {
			if p.Cut {
				n++
				assert.Equal(t, treesitter.VUnknown, p.K)
			}
		}
		return n
	}
	assert.Zero(t, cuts(treesitter.UnionPast(cfg, vals, false, 3)))
	v := treesitter.UnionPast(cfg, vals, true, 3)
	require.Equal(t, 1, cuts(v))
	for _, p := range v.Possibilities() {
		if p.K == treesitter.VStr {
			assert.Equal(t, scanner.ClassDynamic, p.Via, p.S)
		}
	}
}
