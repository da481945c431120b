package gate

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDeepCommandsDenied: a command nested past the bounds of
// internal/shnest, at top level or inside a nested -c or eval string, is
// denied by bash-unparseable as too deeply nested — before the recursive
// parser or a walk of its tree could overflow the Go stack — and one just
// within the bounds is still judged.
func TestDeepCommandsDenied(t *testing.T) {
	f := newFixture(t)
	tests := []struct{ name, cmd, why string }{
		{"command substitution", strings.Repeat("$(", 100_000) + "ls" + strings.Repeat(")", 100_000), "nesting deeper than 200 levels"},
		{"if", strings.Repeat("if true; then ", 50_000) + "ls" + strings.Repeat("; fi", 50_000), "compound commands nested deeper than 1000 levels"},
		{"function headers", strings.Repeat("f() ", 100_000) + "{ ls; }", "compound commands nested deeper than 1000 levels"},
		{"and chain", strings.Repeat("true && ", 100_000) + "ls", "syntax tree deeper than 10000 levels"},
		{"arithmetic", "echo $((" + strings.Repeat("1+", 100_000) + "1))", "syntax tree deeper than 10000 levels"},
		{"inside bash -c", "bash -c '" + strings.Repeat("true | ", 20_000) + "ls'", "syntax tree deeper than 10000 levels"},
		{"inside eval", "eval '" + strings.Repeat("while true; do ", 2_000) + "ls'", "compound commands nested deeper than 1000 levels"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ds := f.pol.Evaluate(f.bash("Bash", tt.cmd))
			require.True(t, hasRule(ds, "bash-unparseable"), "decisions %v", ruleIDs(ds))
			_, enforced := Enforced(ds)
			assert.True(t, enforced)
			for _, d := range ds {
				if d.Rule == "bash-unparseable" {
					assert.Contains(t, d.Reason, "too deeply nested to judge")
					assert.Contains(t, d.Reason, tt.why)
				}
			}
		})
	}
	within := strings.Repeat("if true; then ", 1000) + "rm -rf /" + strings.Repeat("; fi", 1000)
	ds := f.pol.Evaluate(f.bash("Bash", within))
	assert.True(t, hasRule(ds, "rm-root"), "decisions %v", ruleIDs(ds))
	assert.False(t, hasRule(ds, "bash-unparseable"), "decisions %v", ruleIDs(ds))
}

// TestSelfCallingFunction: a function that calls itself is inlined a
// bounded number of times (maxInlines), so evaluation ends, and what its
// body runs is still judged.
func TestSelfCallingFunction(t *testing.T) {
	f := newFixture(t)
	for _, cmd := range []string{
		`f() { f "$@"; rm -rf "$1"; }; f /`,
		`f() { g "$@"; }; g() { f "$@"; rm -rf "$@"; }; f /`,
	} {
		ds := f.pol.Evaluate(f.bash("Bash", cmd))
		assert.True(t, hasRule(ds, "rm-root"), "%s: decisions %v", cmd, ruleIDs(ds))
	}
}
