package driver

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHasWord(t *testing.T) {
	cases := []struct {
		src, needle string
		want        bool
	}{
		{"run(x)", "run", true},
		{"prerun(x)", "run", false},
		{"runner(x)", "run", false},
		{"x = runner(); run(y)", "run", true}, // a later occurrence counts
		{"$run(x)", "run", true},              // `$` is not a word byte
		{"run$(x)", "run", true},
		{"run", "run", true},
		{"import x from './exec'", "/exec", true},
		{"import x from './exec.js'", "/exec", true},
		{"import x from './exec/index.js'", "/exec", true},
		{"// see https://example.com/execCommand", "/exec", false},
		{"require(`./exec${ext}`)", "/exec", true},
		{"from run import x", "from run ", true},
		{"import runpy", "import run", false},
		{"import run as r", "import run", true},
		{"x.m(1)", ".m(", true},
		{"x.mm(1)", ".m(", false}, // the needle holds its own boundaries
		{"café(x)", "caf", false}, // a multi-byte character is a word byte
		{"", "run", false},
		{"anything", "", true},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s in %s", c.needle, c.src), func(t *testing.T) {
			assert.Equal(t, c.want, hasWord([]byte(c.src), []byte(c.needle)))
		})
	}
}

// TestWordSetHoldsEveryMatch is the set's soundness: whenever hasWord finds
// a needle in a file, the file's set may hold every word of it. Random
// files over a small alphabet make many near matches (`run` beside `runs`,
// `xrun`, `ru`).
func TestWordSetHoldsEveryMatch(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte("ru nx_./'\"(é")
	gen := func(n int) []byte {
		b := make([]byte, 0, n)
		for len(b) < n {
			b = append(b, alphabet[rng.IntN(len(alphabet))])
		}
		return []byte(strings.ToValidUTF8(string(b), "?"))
	}
	matches := 0
	for range 3000 {
		src := gen(rng.IntN(400))
		ws := newWordSet(src)
		for range 20 {
			needle := gen(1 + rng.IntN(5))
			if hasWord(src, needle) {
				matches++
				require.Truef(t, ws.mayHoldAll(needle), "set of %q lost needle %q", src, needle)
			}
		}
	}
	require.Greater(t, matches, 1000, "the generator should make many matches")
}

// TestWordSetRulesOut checks the set is worth keeping: on a file of many
// distinct words, most words it does not hold are ruled out.
func TestWordSetRulesOut(t *testing.T) {
	var b strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&b, "ident%d = call%d(x);\n", i, i%700)
	}
	ws := newWordSet([]byte(b.String()))
	require.True(t, ws.mayHoldAll([]byte("ident4999")))
	require.True(t, ws.mayHoldAll([]byte("call699")))
	passed := 0
	for i := range 10000 {
		if ws.mayHold(fmt.Appendf(nil, "absent%d", i)) {
			passed++
		}
	}
	assert.Less(t, passed, 1000, "more than one absent word in ten passed")
	assert.True(t, wordSet(nil).mayHoldAll([]byte("anything")), "a nil set holds every word")
	assert.False(t, newWordSet(nil).mayHoldAll([]byte("run")), "an empty file holds no word")
	assert.True(t, newWordSet(nil).mayHoldAll([]byte("./(")), "a needle of no word is held by any set")
}

func FuzzWordSet(f *testing.F) {
	f.Add([]byte("import { run } from './lib/run.js'\nrun('claude')"), []byte("run"))
	f.Add([]byte("from .run import go"), []byte(".run"))
	f.Add([]byte("x.méthode(1)"), []byte(".méthode("))
	f.Fuzz(func(t *testing.T, src, needle []byte) {
		if hasWord(src, needle) && !newWordSet(src).mayHoldAll(needle) {
			t.Fatalf("set of %q lost needle %q", src, needle)
		}
	})
}

// BenchmarkWordSet builds the word set of real code: this repository's
// own Go sources, concatenated.
func BenchmarkWordSet(b *testing.B) {
	var src []byte
	paths, _ := filepath.Glob("../*/*.go")
	for _, p := range paths {
		s, err := os.ReadFile(p)
		if err == nil {
			src = append(src, s...)
		}
	}
	if len(src) < 1<<20 {
		b.Fatalf("only %d bytes of source", len(src))
	}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		newWordSet(src)
	}
}
