package scanner

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNamedAsCommand(t *testing.T) {
	cfg := DefaultConfig()
	named := []struct{ src, text string }{
		{`x("claude")`, "claude"},
		{`x('claude -p hi')`, "claude"},
		{"x(`claude ${a}`)", "claude"},
		{`x("/usr/local/bin/pi")`, "pi"},
		{"BIN=claude\n", "claude"},
		{`bus.emit("start", "claude", [])`, "claude"},
		{`x = kind ? "claude" : "git"`, "claude"},
		{`npx("@anthropic-ai/claude-code")`, "@anthropic-ai/claude-code"},
		{"// not here: \"claude\"\nrun(\"pi\")", "pi"},
	}
	for _, c := range named {
		n, ok := cfg.NamedAsCommand([]byte(c.src), nil)
		require.True(t, ok, c.src)
		assert.Equal(t, c.text, n.Text, c.src)
	}
	none := []string{
		`if (kind === "claude") {}`,
		`if "claude" == kind:`,
		`if "claude" in argv:`,
		`agent = "pi" not in sys.argv`,
		`switch (k) { case "claude": }`,
		`const m = { "claude": 1 }`,
		"m = {\n  'pi': 1,\n}",
		`import x from "@anthropic-ai/claude-code"`,
		`require("@mariozechner/pi-coding-agent")`,
		`require.resolve("@anthropic-ai/claude-code")`,
		`log("Claude is thinking")`,
		`log("use claude here")`,
		`x("claude-code", "claude.md", "claude_bin", "pipe", "api")`,
		"# run claude\n// claude -p\n * \"claude\"",
		`opts.claude = 1`,
	}
	for _, src := range none {
		_, ok := cfg.NamedAsCommand([]byte(src), nil)
		assert.False(t, ok, src)
	}
	_, ok := cfg.NamedAsCommand([]byte(`x("claude") // marked`), func(line []byte) bool { return true })
	assert.False(t, ok, "a line skip rejects names nothing")
	n, ok := cfg.NamedAsCommand([]byte("a\nb(\"pi\")\n"), nil)
	require.True(t, ok)
	assert.Equal(t, Pos{Line: 2, Column: 4}, n.At)
}

func TestOpaque(t *testing.T) {
	cfg := DefaultConfig()
	unknown := Arg{}
	assert.True(t, cfg.Opaque([]Arg{unknown, Lit("-p")}, true, false))
	assert.False(t, cfg.Opaque([]Arg{unknown, Lit("-p")}, false, false), "an unknown the detector did not lose")
	assert.True(t, cfg.Opaque([]Arg{Lit("sudo"), unknown}, true, false), "behind a wrapper")
	assert.True(t, cfg.Opaque([]Arg{Lit("node"), unknown}, true, false), "an unknown script")
	assert.False(t, cfg.Opaque([]Arg{Lit("git"), unknown}, true, true))
	assert.True(t, cfg.Opaque([]Arg{Lit("bash")}, false, true), "a shell reading its input")
	assert.False(t, cfg.Opaque([]Arg{Lit("bash")}, true, false))
	assert.False(t, cfg.Opaque(nil, true, true))
}
