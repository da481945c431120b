package shnest

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"mvdan.cc/sh/v3/syntax"
)

// TestCheck: each construct the parser nests on is refused past its bound,
// with the bound's message; the same construct repeated in sequence (not
// nested) is not.
func TestCheck(t *testing.T) {
	const n = 100_000
	tests := []struct {
		name, text, msg string
	}{
		{"command substitution", strings.Repeat("$(", n) + "claude" + strings.Repeat(")", n), "nesting deeper than 200 levels"},
		{"brace groups", strings.Repeat("{ ", n) + "claude" + strings.Repeat("; }", n), "nesting deeper than 200 levels"},
		{"if", strings.Repeat("if true; then ", n) + "claude" + strings.Repeat("; fi", n), "compound commands nested deeper than 1000 levels"},
		{"while", strings.Repeat("while true; do ", n) + "claude" + strings.Repeat("; done", n), "compound commands nested deeper than 1000 levels"},
		{"case", strings.Repeat("case x in x) ", n) + "claude" + strings.Repeat(";; esac", n), "compound commands nested deeper than 1000 levels"},
		{"time", strings.Repeat("time ", n) + "claude", "compound commands nested deeper than 1000 levels"},
		{"if inside a quoted substitution", "echo \"$(" + strings.Repeat("if true; then ", n), "compound commands nested deeper than 1000 levels"},
		{"function headers", strings.Repeat("f() ", n) + "{ claude; }", "compound commands nested deeper than 1000 levels"},
		{"and chain", strings.Repeat("true && ", 2*n) + "claude", "more than 100000 commands chained by `&&`, `||` or `|`"},
		{"pipe chain over lines", strings.Repeat("true |\n", 2*n) + "claude", "more than 100000 commands chained by `&&`, `||` or `|`"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ex := Check(tt.text, MaxDepth)
			require.NotNil(t, ex)
			assert.Equal(t, tt.msg, ex.Msg)
		})
	}
	fine := []string{
		strings.Repeat("if true; then claude; fi\n", n),
		strings.Repeat("while x; do y; done; case a in b) c;; esac\n", n),
		strings.Repeat("f() { g; }\n", n),
		strings.Repeat("a && b || c | d\n", n),
		strings.Repeat("a &\n", n),
		"echo 'if if if if' \"# (((\" # if if if ((((\n",
		strings.Repeat("echo a >| b 2>&1 &> c\n", n),
		strings.Repeat("(", MaxDepth) + strings.Repeat(")", MaxDepth),
	}
	for _, text := range fine {
		assert.Nil(t, Check(text, MaxDepth), "%.60q", text)
	}
}

// TestCheckTree: a tree the byte scan lets through (a long arithmetic
// expression) is refused before it is walked; a wide tree is not.
func TestCheckTree(t *testing.T) {
	deep := "echo $((" + strings.Repeat("1+", 3*MaxTreeDepth) + "1))\n"
	require.Nil(t, Check(deep, MaxDepth))
	f, err := syntax.NewParser().Parse(strings.NewReader(deep), "")
	require.NoError(t, err)
	at, over := CheckTree(f)
	assert.True(t, over)
	assert.True(t, at.IsValid())

	wide, err := syntax.NewParser().Parse(strings.NewReader(strings.Repeat("echo $((1+1))\n", MaxTreeDepth)), "")
	require.NoError(t, err)
	_, over = CheckTree(wide)
	assert.False(t, over)
}

// FuzzCheck: on any text, Check is deterministic and, when it lets the
// text through, parsing it and CheckTree end (no stack overflow).
func FuzzCheck(f *testing.F) {
	for _, s := range []string{
		"if a; then b; fi", "f() g() { :; }", "a && b | c || d &", "echo $((1+2))",
		"case x in x) y;; esac", "echo 'if' \"$(if a; then b; fi)\" # if",
		strings.Repeat("if a; then ", 1001), strings.Repeat("$(", 201),
		"echo $((" + strings.Repeat("1+", 10001) + "1))",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		a, b := Check(text, MaxDepth), Check(text, MaxDepth)
		require.Equal(t, a, b)
		if a != nil {
			require.True(t, a.Offset >= 0 && a.Offset <= len(text), "offset %d of %d", a.Offset, len(text))
			return
		}
		if file, err := syntax.NewParser().Parse(strings.NewReader(text), ""); err == nil {
			CheckTree(file)
		}
	})
}
