package fix

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner"
)

func TestSDKCall(t *testing.T) {
	tests := []struct {
		name, file, src, want string // want "" = left
	}{
		{"ts options added", "a.ts", `query({ prompt: "p" });`, `query({ prompt: "p", options: { pathToClaudeCodeExecutable: ".leasegate/launch-runtime-claude" } });`},
		{"ts empty options", "a.ts", `query({ prompt: 'p', options: {} });`, `query({ prompt: 'p', options: { pathToClaudeCodeExecutable: '.leasegate/launch-runtime-claude' } });`},
		{"ts options after a spread", "a.js", `query({ prompt: 'p', options: { ...base } });`, `query({ prompt: 'p', options: { ...base, pathToClaudeCodeExecutable: '.leasegate/launch-runtime-claude' } });`},
		{"ts shorthand options left", "a.ts", `query({ prompt, options });`, ""},
		{"ts spread arguments left", "a.ts", `query({ ...args, prompt: 'p' });`, ""},
		{"ts options variable left", "a.ts", `query({ prompt: 'p', options: opts });`, ""},
		{"ts argument variable left", "a.ts", `query(args);`, ""},
		{"py options variable left", "a.py", "query(prompt='p', options=opts)\n", ""},
		{"py no options left", "a.py", "ClaudeSDKClient()\n", ""},
		{"py kwargs left", "a.py", "query(prompt='p', options=ClaudeAgentOptions(**kw))\n", ""},
		{"py options added", "a.py", "query(prompt='p', options=ClaudeAgentOptions(max_turns=1))\n", "query(prompt='p', options=ClaudeAgentOptions(max_turns=1, cli_path='.leasegate/launch-runtime-claude'))\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := []byte(tt.src)
			fx := &fixer{src: src, rel: tt.file, lines: lineStarts(src), cfg: scanner.DefaultConfig()}
			off := strings.Index(tt.src, "(") - 1
			edits := fx.sdkCall(off)
			if tt.want == "" {
				assert.Empty(t, edits)
				return
			}
			require.NotEmpty(t, edits)
			assert.Equal(t, tt.want, string(apply(src, edits)))
		})
	}
}
