package scanner

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseConfigStrict(t *testing.T) {
	tests := []struct {
		name, yaml string
		wantErr    bool
		// wantPos is the error's "line:col" ("line" when the column is
		// unknown); wantMsg are parts of its message.
		wantPos string
		wantMsg []string
	}{
		{name: "empty", yaml: ""},
		{name: "comment only", yaml: "# nothing yet\n"},
		{name: "full", yaml: `include: ["packages/**", "tools/**"]
exclude: ["docs/**"]
runtimes:
  codex: {commands: [codex], packages: ["@openai/codex"]}
chokepoints: ["cmd/launch-runtime/**"]
families:
  - {name: "Fleet runtime start", paths: ["packages/fleet/**"]}
prose: red
agent_actions: [acme/agent-action]
`},
		{name: "unknown top key", yaml: "includes: [a]\n", wantErr: true, wantPos: "1:1",
			wantMsg: []string{"unknown key `includes`", "did you mean `include`?", "valid keys: `agent_actions`, `chokepoints`, `exclude`, `families`, `include`, `prose`, `runtimes`"}},
		{name: "typo on a later line", yaml: "include: [a]\n\nexclud: [b]\n", wantErr: true, wantPos: "3:1",
			wantMsg: []string{"unknown key `exclud`", "did you mean `exclude`?"}},
		{name: "unknown key, nothing near", yaml: "severity: high\n", wantErr: true, wantPos: "1:1",
			wantMsg: []string{"unknown key `severity`", "valid keys:"}},
		{name: "unknown nested key", yaml: "runtimes:\n  codex: {command: [codex]}\n", wantErr: true, wantPos: "2:11",
			wantMsg: []string{"unknown key `command` in runtimes.codex", "did you mean `commands`?", "valid keys: `commands`, `packages`"}},
		{name: "unknown family key", yaml: "families:\n  - name: x\n    path: [a]\n", wantErr: true, wantPos: "3:5",
			wantMsg: []string{"unknown key `path` in families[0]", "did you mean `paths`?"}},
		{name: "duplicate key", yaml: "exclude: [a]\nexclude: [b]\n", wantErr: true, wantPos: "2:1",
			wantMsg: []string{"`exclude` appears twice"}},
		{name: "bad glob", yaml: "exclude:\n  - docs/**\n  - '[a'\n", wantErr: true, wantPos: "3:5",
			wantMsg: []string{`exclude: bad glob "[a"`}},
		{name: "half double star", yaml: "chokepoints: ['a**/b']\n", wantErr: true, wantPos: "1:15", wantMsg: []string{"whole path element"}},
		{name: "absolute glob", yaml: "exclude: ['/etc/**']\n", wantErr: true, wantPos: "1:11", wantMsg: []string{"relative to the root"}},
		{name: "bad family glob", yaml: "families:\n  - {name: x, paths: ['a', '']}\n", wantErr: true, wantPos: "2:28", wantMsg: []string{"families[0].paths: bad glob"}},
		{name: "bad yaml", yaml: "include: [a\n", wantErr: true, wantPos: "1", wantMsg: []string{"not valid YAML"}},
		{name: "wrong type", yaml: "include: 3\n", wantErr: true, wantPos: "1:10", wantMsg: []string{"include must be a list of strings"}},
		{name: "not a mapping", yaml: "- a\n", wantErr: true, wantPos: "1:1", wantMsg: []string{"must be a mapping"}},
		{name: "runtimes not a mapping", yaml: "runtimes: [claude]\n", wantErr: true, wantPos: "1:11", wantMsg: []string{"runtimes must be a mapping of names to `{commands: [...], packages: [...]}`"}},
		{name: "a runtime not a mapping", yaml: "runtimes:\n  codex: codex\n", wantErr: true, wantPos: "2:10", wantMsg: []string{"runtimes.codex must be a mapping with the keys `commands`, `packages`"}},
		{name: "runtime without names", yaml: "runtimes:\n  codex: {}\n", wantErr: true, wantPos: "2:3", wantMsg: []string{"needs commands or packages"}},
		{name: "runtime command with a path", yaml: "runtimes:\n  codex:\n    commands: [bin/codex]\n", wantErr: true, wantPos: "3:16", wantMsg: []string{"bad command"}},
		{name: "command claimed twice", yaml: "runtimes:\n  codex: {commands: [claude]}\n", wantErr: true, wantPos: "2:3", wantMsg: []string{"`claude` is claimed by both claude and codex"}},
		{name: "family without paths", yaml: "families:\n  - {name: x}\n", wantErr: true, wantPos: "2:5", wantMsg: []string{`family "x" has no paths`}},
		{name: "bad prose", yaml: "prose: blue\n", wantErr: true, wantPos: "1:8", wantMsg: []string{`"blue" is neither`}},
		{name: "bad agent action", yaml: "agent_actions: [a, b]\n", wantErr: true, wantPos: "1:17", wantMsg: []string{`"a" is not owner/name`}},
		{name: "two documents", yaml: "include: [a]\n---\ninclude: [b]\n", wantErr: true, wantPos: "3", wantMsg: []string{"more than one YAML document"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseConfig("c.yaml", []byte(tt.yaml))
			if !tt.wantErr {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			var ce *ConfigError
			require.ErrorAs(t, err, &ce)
			assert.True(t, strings.HasPrefix(err.Error(), "c.yaml:"+tt.wantPos+": "), "error %q is not at %s", err, tt.wantPos)
			for _, m := range tt.wantMsg {
				assert.Contains(t, err.Error(), m)
			}
			// No Go type leaks into what a user reads.
			assert.NotRegexp(t, `scanner\.|\[\]string|RuntimeSpec|FamilySpec|!!`, err.Error())
		})
	}
}

// TestConfigWarnsWhenAnOverrideDropsABuiltIn: an entry for a built-in
// runtime adds to it. One that leaves out the built-in command or package
// keeps them all the same (the repository's config is in the reach of the
// code it guards: a change to it must not switch the guard off) and says
// so.
func TestConfigWarnsWhenAnOverrideDropsABuiltIn(t *testing.T) {
	tests := []struct {
		name, yaml string
		want       []string // parts of the one warning; none for no warning
	}{
		{name: "command dropped", yaml: "runtimes:\n  claude:\n    commands: [claude-wrapper]\n    packages: ['@anthropic-ai/claude-code']\n",
			want: []string{"c.yaml:2:3: ", "runtimes.claude", "command `claude`", "kept"}},
		{name: "both dropped", yaml: "runtimes:\n  pi: {commands: [pi2]}\n",
			want: []string{"c.yaml:2:3: ", "command `pi` and package `@mariozechner/pi-coding-agent`"}},
		{name: "extended, nothing dropped", yaml: "runtimes:\n  claude: {commands: [claude, claude-nightly], packages: ['@anthropic-ai/claude-code']}\n"},
		{name: "a new runtime", yaml: "runtimes:\n  codex: {commands: [codex]}\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := ParseConfig("c.yaml", []byte(tt.yaml))
			require.NoError(t, err)
			if tt.want == nil {
				assert.Empty(t, c.Warnings())
				return
			}
			require.Len(t, c.Warnings(), 1)
			for _, w := range tt.want {
				assert.Contains(t, c.Warnings()[0].String(), w)
			}
		})
	}
	c, err := ParseConfig("c.yaml", []byte("runtimes:\n  claude: {commands: [claude-wrapper]}\n"))
	require.NoError(t, err)
	rt, ok := c.RuntimeForCommand("claude")
	assert.True(t, ok, "claude stays a runtime command")
	assert.Equal(t, "claude", rt)
	rt, ok = c.RuntimeForCommand("claude-wrapper")
	assert.True(t, ok, "the entry's own command is added")
	assert.Equal(t, "claude", rt)
	rt, ok = c.RuntimeForPackage("@anthropic-ai/claude-code")
	assert.True(t, ok, "and the built-in package kept")
	assert.Equal(t, "claude", rt)
}

func TestEffectiveConfigFillsTheDefaults(t *testing.T) {
	c, err := ParseConfig("c.yaml", []byte("runtimes:\n  codex: {commands: [codex]}\nagent_actions: [acme/agent]\n"))
	require.NoError(t, err)
	e := c.Effective()
	assert.Equal(t, []string{"claude", "codex", "pi"}, sortedKeys(e.Runtimes))
	assert.Equal(t, ProseNote, e.Prose)
	assert.Contains(t, e.AgentActions, "anthropics/claude-code-action")
	assert.Contains(t, e.AgentActions, "acme/agent")
}

func TestClosestKey(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"exclud", "exclude"}, {"includes", "include"}, {"chokepoint", "chokepoints"},
		{"agent-actions", "agent_actions"}, {"runtime", "runtimes"}, {"x", ""}, {"severity", ""}, {"pr", ""},
	} {
		assert.Equal(t, tt.want, closest(tt.in, configKeys), tt.in)
	}
}

func TestGlobMatch(t *testing.T) {
	tests := []struct {
		pat, path string
		want      bool
	}{
		{"docs/**", "docs/a.md", true},
		{"docs/**", "docs/x/y/a.md", true},
		{"docs/**", "docsx/a.md", false},
		{"docs", "docs/a.md", true},
		{"docs/", "docs/a/b.md", true},
		{"**/*.md", "a.md", true},
		{"**/*.md", "x/y/a.md", true},
		{"*.md", "x/a.md", false},
		{"packages/*/bin/**", "packages/fleet/bin/run.sh", true},
		{"packages/*/bin/**", "packages/fleet/lib/run.sh", false},
		{"cmd/launch-runtime/**", "cmd/launch-runtime/main.go", true},
		{"a/**/b", "a/b", true},
		{"a/**/b", "a/x/y/b", true},
		{"a/**/b", "a/x/y/c", false},
	}
	for _, tt := range tests {
		g, err := compileGlob(tt.pat)
		if err != nil {
			t.Fatalf("%s: %v", tt.pat, err)
		}
		if got := g.match(tt.path); got != tt.want {
			t.Errorf("%q match %q = %v, want %v", tt.pat, tt.path, got, tt.want)
		}
	}
}

func TestConfigRuntimesAndFamilies(t *testing.T) {
	c, err := ParseConfig("c", []byte(`runtimes:
  codex: {commands: [codex], packages: ["@openai/codex"]}
families:
  - {name: Fleet, paths: ["packages/fleet/**"]}
`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ in, want string }{
		{"claude", "claude"}, {"/usr/local/bin/claude", "claude"}, {"pi", "pi"},
		{"codex", "codex"}, {"pip", ""}, {"claude-code", ""},
	} {
		got, _ := c.RuntimeForCommand(tt.in)
		if got != tt.want {
			t.Errorf("RuntimeForCommand(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	for _, tt := range []struct{ in, want string }{
		{"@anthropic-ai/claude-code", "claude"}, {"@anthropic-ai/claude-code@2.1.0", "claude"},
		{"npm:@mariozechner/pi-coding-agent@latest", "pi"}, {"@openai/codex", "codex"},
		{"@anthropic-ai/claude-code-router", ""}, {"claude", ""},
	} {
		got, _ := c.RuntimeForPackage(tt.in)
		if got != tt.want {
			t.Errorf("RuntimeForPackage(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if f := c.Family("packages/fleet/start.sh"); f != "Fleet" {
		t.Errorf("family = %q", f)
	}
	if f := c.Family("tools/x.sh"); f != "tools" {
		t.Errorf("default family = %q", f)
	}
	if f := c.Family("x.sh"); f != "." {
		t.Errorf("root family = %q", f)
	}
}

// FuzzParseConfig: any bytes give a config or a *ConfigError, never a
// panic, and a config that loads answers its questions.
func FuzzParseConfig(f *testing.F) {
	for _, s := range []string{
		"",
		"include: [\"packages/**\"]\nexclude: [docs/**]\n",
		"runtimes:\n  codex: {commands: [codex], packages: [\"@openai/codex\"]}\n",
		"chokepoints: [\"cmd/launch-runtime/**\"]\nfamilies:\n  - {name: F, paths: [\"a/**\"]}\n",
		"include: [a\n",
		"exclude: ['[a']\n",
		"a: &x [*x]\n",
		"agent_actions: [org/agent-action]\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ParseConfig("fuzz.yaml", data)
		if err != nil {
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("error %T is not a *ConfigError: %v", err, err)
			}
			return
		}
		c.InScope("a/b/c.sh")
		c.IsChokepoint("cmd/launch-runtime/main.go")
		c.Family("x/y")
		c.RuntimeForCommand("claude")
		c.RuntimeForPackage("@anthropic-ai/claude-code@1")
	})
}
