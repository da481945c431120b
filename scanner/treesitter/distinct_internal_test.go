package treesitter

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// distinctByScan is distinct as it was before the map: every possibility
// compared with every one kept. distinct must keep exactly the same ones,
// in the same order.
func distinctByScan(vals []Value) []Value {
	var ps []Value
	for _, v := range vals {
		for _, p := range v.Possibilities() {
			if !slices.ContainsFunc(ps, func(q Value) bool { return samePossibility(p, q) }) {
				ps = append(ps, p)
			}
		}
	}
	return ps
}

func TestDistinctKeepsWhatScanningKept(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	words := []string{"claude", "git", "pi", "", "a\x00b", "a", "b"}
	var one func() Value
	one = func() Value {
		switch rng.IntN(9) {
		case 0:
			return Value{K: VBool, B: rng.IntN(2) == 0}
		case 1:
			return Value{K: VNull}
		case 2:
			return Value{K: VFunc, Fn: int32(rng.IntN(3))}
		case 3:
			return Value{K: VObj, Obj: int32(rng.IntN(3))}
		case 4:
			path := []string{words[rng.IntN(len(words))]}
			if rng.IntN(2) == 0 {
				path = append(path, words[rng.IntN(len(words))])
			}
			return Value{K: VRef, Mod: words[rng.IntN(len(words))], Path: path}
		case 5:
			return Value{K: VArr, Elems: []Value{Str(words[rng.IntN(len(words))], 1)}}
		case 8:
			// lists of any possibilities, lists within them too
			var elems []Value
			for range rng.IntN(3) {
				elems = append(elems, one())
			}
			return Value{K: VArr, Elems: elems}
		case 6:
			return Unknown(int32(rng.IntN(3)))
		}
		v := Str(words[rng.IntN(len(words))], int32(rng.IntN(3)))
		v.Partial, v.Env = rng.IntN(4) == 0, rng.IntN(4) == 0
		return v
	}
	for range 500 {
		var vals []Value
		for range rng.IntN(60) {
			v := one()
			// some values carry alternatives
			for range rng.IntN(3) {
				alt := v
				v = one()
				v.Alt = &alt
			}
			vals = append(vals, v)
		}
		require.Equal(t, distinctByScan(vals), distinct(vals))
	}
}

// BenchmarkDistinctLong is a union over a bundle's long array (an
// unmodelled mutation makes its first element every element).
func BenchmarkDistinctLong(b *testing.B) {
	vals := make([]Value, 2000)
	for i := range vals {
		vals[i] = Str("item"+strconv.Itoa(i%1500), int32(i))
	}
	b.ReportAllocs()
	for b.Loop() {
		if len(distinct(vals)) != 1500 {
			b.Fatal("wrong count")
		}
	}
}
