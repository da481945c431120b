package fix

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
)

func TestActionStep(t *testing.T) {
	const in = "path_to_claude_code_executable: ${{ github.workspace }}/.leasegate/launch-runtime-claude"
	tests := []struct {
		name, src, want string // want "" = left
	}{
		{"no with", "steps:\n  - uses: anthropics/claude-code-action@v1\n",
			"steps:\n  - uses: anthropics/claude-code-action@v1\n    with:\n      " + in + "\n"},
		{"crlf", "steps:\r\n  - uses: anthropics/claude-code-action@v1\r\n  - run: x\r\n",
			"steps:\r\n  - uses: anthropics/claude-code-action@v1\r\n    with:\r\n      " + in + "\r\n  - run: x\r\n"},
		{"with after, comment between", "- name: a\n  uses: anthropics/claude-code-base-action@v1\n  # inputs\n  with:\n     prompt: x\n",
			"- name: a\n  uses: anthropics/claude-code-base-action@v1\n  # inputs\n  with:\n     " + in + "\n     prompt: x\n"},
		{"with before uses", "- with:\n    prompt: x\n  uses: anthropics/claude-code-action@v1\n",
			"- with:\n    " + in + "\n    prompt: x\n  uses: anthropics/claude-code-action@v1\n"},
		{"quoted input value replaced", "- uses: anthropics/claude-code-action@v1\n  with:\n    path_to_claude_code_executable: \"/bin/claude\" # c\n",
			"- uses: anthropics/claude-code-action@v1\n  with:\n    " + in + " # c\n"},
		{"flow with left", "- uses: anthropics/claude-code-action@v1\n  with: {prompt: x}\n", ""},
		{"block scalar input left", "- uses: anthropics/claude-code-action@v1\n  with:\n    path_to_claude_code_executable: >\n      /bin/claude\n", ""},
		{"other action left", "- uses: someone/claude-code-action@v1\n", ""},
		{"no line break at the end left", "- uses: anthropics/claude-code-action@v1", ""},
		{"not a step left", "uses: anthropics/claude-code-action@v1\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := []byte(tt.src)
			fx := &fixer{src: src, rel: "w.yml", lines: lineStarts(src), cfg: scanner.DefaultConfig()}
			off := strings.Index(tt.src, "uses:")
			edits := fx.actionStep(off)
			if tt.want == "" {
				assert.Empty(t, edits)
				return
			}
			require.NotEmpty(t, edits)
			assert.Equal(t, tt.want, string(apply(src, edits)))
			// Idempotent: the rewritten step gives the same bytes again.
			out := apply(src, edits)
			fx2 := &fixer{src: out, rel: "w.yml", lines: lineStarts(out), cfg: scanner.DefaultConfig()}
			assert.Equal(t, tt.want, string(apply(out, fx2.actionStep(off))))
		})
	}
}

// TestOldLines: findings after inserted lines map back to the old lines;
// findings before stay.
func TestOldLines(t *testing.T) {
	src := []byte("a\nb\nc\nd\n")
	fx := &fixer{src: src, lines: lineStarts(src)}
	edits := []Edit{{Start: 2, End: 2, Text: "x\ny\n"}, {Start: 6, End: 6, Text: "z\n"}}
	require.Equal(t, "a\nx\ny\nb\nc\nz\nd\n", string(apply(src, edits)))
	fs := []scanner.Finding{{Line: 1}, {Line: 4}, {Line: 5}, {Line: 7}}
	var got []int
	for _, f := range fx.oldLines(edits, fs) {
		got = append(got, f.Line)
	}
	assert.Equal(t, []int{1, 2, 3, 4}, got)
}
