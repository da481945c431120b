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

// evalDoubling is the input of issue 14's cost report: one line that
// evaluates its variable twice, then lines that each wrap it in one more
// eval, then a use. Every level doubles the words of the string evaluated
// next, so 1 KB of text expanded to about 1.5 million argument words (a
// second of CPU, past the fuzzer's hang limit under instrumentation).
func evalDoubling(lines int) string {
	pad := strings.Repeat("x", 45)
	var b strings.Builder
	b.WriteString("A='eval \"$A$A\"'\n")
	for i := range lines {
		fmt.Fprintf(&b, "A='eval \"$A\" %s%d'\n", pad, i)
	}
	b.WriteString("eval \"$A\"\n")
	return b.String()
}

// scanSteps scans src as a file and returns the argv elements built and
// the findings.
func scanSteps(t *testing.T, src string) (int, []scanner.Finding) {
	t.Helper()
	p := scanner.NewPass("a.sh", []byte(src), scanner.DefaultConfig(), Name, scanner.Suite{Shell: New()})
	sh := newShared(src)
	_ = scanTree(p, src, scanner.Pos{Line: 1, Column: 1}, "", syntax.LangBash, nil, 0, false, sh)
	return sh.steps, p.Findings()
}

// TestEvalExpansionWorkIsLinear counts evaluation steps, not time: the
// work of expanding nested eval strings stays within a budget linear in
// the input, and reaching the budget is reported on the file.
func TestEvalExpansionWorkIsLinear(t *testing.T) {
	for _, lines := range []int{16, 32} {
		src := evalDoubling(lines)
		steps, fs := scanSteps(t, src)
		// One word's expansion may pass the budget before it is checked
		// again.
		limit := maxNestedSteps + stepsPerByte*len(src) + maxArgvs*maxFields
		assert.LessOrEqual(t, steps, limit, "%d lines (%d bytes)", lines, len(src))
		var reported bool
		for _, f := range fs {
			reported = reported || f.Class == scanner.ClassUnparseable && strings.Contains(f.Message, "argument words")
		}
		assert.True(t, reported, "%d lines: the bound reached is reported", lines)
	}
}

// TestEvalExpansionBudgetNearMiss: an eval that builds a few words per
// level stays far under the budget, and its launch is judged.
func TestEvalExpansionBudgetNearMiss(t *testing.T) {
	src := "A='claude -p hi'\nB='eval \"$A\"'\nC='eval \"$B\"'\neval \"$C\"\n"
	steps, fs := scanSteps(t, src)
	require.Less(t, steps, 100)
	require.NotEmpty(t, fs)
	for _, f := range fs {
		assert.Equal(t, scanner.ClassEval, f.Class, f.Message)
	}
}

// TestReversedChainPastFixBudget: a chain of assignments written in
// reverse needs a round of the fixed point per link; one longer than the
// work budget allows is reported, never silent, and the work stays within
// the budget (counted, not timed).
func TestReversedChainPastFixBudget(t *testing.T) {
	const n = 1000
	var b strings.Builder
	b.WriteString("f() { \"$V0\" -p; }\nrun() {\n")
	for i := range n {
		fmt.Fprintf(&b, "  V%d=\"$V%d\"\n", i, i+1)
	}
	fmt.Fprintf(&b, "}\nV%d=claude\nrun\nf\n", n)
	_, fs := scanSteps(t, b.String())
	var reported bool
	for _, f := range fs {
		reported = reported || f.Class == scanner.ClassUnparseable && strings.Contains(f.Message, "did not settle")
	}
	assert.True(t, reported, "%d links: the bound reached is reported", n)
}
