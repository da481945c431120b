package shell

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"mvdan.cc/sh/v3/syntax"

	"github.com/leasegate/leasegate/scanner"
)

// runnerDepths collects src and returns the functions found to run their
// arguments, with their depths, and those that shift them.
func runnerDepths(t *testing.T, src string) (map[string]int, map[string]bool) {
	t.Helper()
	f, err := parse(src, syntax.LangBash)
	require.NoError(t, err)
	p := scanner.NewPass("a.sh", []byte(src), scanner.DefaultConfig(), Name, scanner.Suite{Shell: New()})
	s := &scan{p: p, src: src, vars: env{}, funcs: map[string]int{}, bodies: map[string][]*syntax.FuncDecl{}, defs: map[string]scanner.Pos{}, shared: newShared(src)}
	s.lines = lineStarts(src)
	s.collect(f)
	return s.funcs, s.shifting
}

// TestRunnersFollowHandOffs: a function handing its arguments to one
// that runs them is one deeper; cycles end, a chain past maxJudgeDepth
// keeps maxJudgeDepth+1, and a hand-off past the first argument shifts.
func TestRunnersFollowHandOffs(t *testing.T) {
	cases := []struct {
		name, src string
		depths    map[string]int
		shifting  []string
	}{
		{"direct", `r() { "$@"; }`, map[string]int{"r": 1}, nil},
		{"hand-off", "r() { \"$@\"; }\nq() { cd /x && r \"$@\"; }", map[string]int{"r": 1, "q": 2}, nil},
		{"behind a wrapper", "r() { \"$@\"; }\nq() { timeout 9 r \"$1\" \"$2\"; }", map[string]int{"r": 1, "q": 2}, nil},
		{"sliced", "r() { \"$@\"; }\nq() { r \"${@:2}\"; }", map[string]int{"r": 1, "q": 2}, []string{"q"}},
		{"word before", "r() { \"$@\"; }\nq() { r -v \"$@\"; }", map[string]int{"r": 1, "q": 2}, []string{"q"}},
		{"shift handed back", "r() { shift; \"$@\"; }\nq() { r \"$@\"; }", map[string]int{"r": 1, "q": 2}, []string{"q", "r"}},
		{"later parameter", `r() { "$2"; }`, map[string]int{"r": 1}, []string{"r"}},
		{"cycle without a runner", "a() { b \"$@\"; }\nb() { a \"$@\"; }", map[string]int{}, nil},
		{"cycle with a runner", "a() { b \"$@\"; }\nb() { a \"$@\"; \"$@\"; }", map[string]int{"a": 2, "b": 1}, nil},
		{"prints only", "say() { echo \"$@\"; }\ntell() { say \"$@\"; }", map[string]int{}, nil},
		{"through a variable", "r() { \"$@\"; }\nq() { \"$R\" \"$@\"; }", map[string]int{"r": 1}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			depths, shifting := runnerDepths(t, c.src)
			assert.Equal(t, c.depths, depths)
			var got []string
			for name, ok := range shifting {
				if ok {
					got = append(got, name)
				}
			}
			assert.ElementsMatch(t, c.shifting, got)
		})
	}
}

// TestRunnerChainPastBound: a chain of 40 hand-offs keeps the depth past
// the bound, and a call of its head reports the runtime dynamic.
func TestRunnerChainPastBound(t *testing.T) {
	var b strings.Builder
	for i := range 40 {
		fmt.Fprintf(&b, "f%d() { f%d \"$@\"; }\n", i, i+1)
	}
	b.WriteString("f40() { \"$@\"; }\nf0 claude -p hi\nf37 git status\n")
	depths, _ := runnerDepths(t, b.String())
	assert.Equal(t, 1, depths["f40"])
	assert.Equal(t, maxJudgeDepth, depths["f37"])
	assert.Equal(t, maxJudgeDepth+1, depths["f0"])
	_, fs := scanSteps(t, b.String())
	require.Len(t, fs, 1)
	assert.Equal(t, scanner.ClassDynamic, fs[0].Class)
	assert.Equal(t, "claude", fs[0].Runtime)
	assert.Equal(t, 42, fs[0].Line)
}
