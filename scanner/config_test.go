package scanner

import (
	"errors"
	"testing"
)

func TestParseConfigStrict(t *testing.T) {
	tests := []struct {
		name, yaml string
		wantErr    bool
		wantLine   int
	}{
		{name: "empty", yaml: ""},
		{name: "full", yaml: `include: ["packages/**", "tools/**"]
exclude: ["docs/**"]
runtimes:
  codex: {commands: [codex], packages: ["@openai/codex"]}
chokepoints: ["cmd/launch-runtime/**"]
families:
  - {name: "Fleet runtime start", paths: ["packages/fleet/**"]}
`},
		{name: "unknown top key", yaml: "includes: [a]\n", wantErr: true, wantLine: 1},
		{name: "unknown nested key", yaml: "runtimes:\n  codex: {command: [codex]}\n", wantErr: true, wantLine: 2},
		{name: "bad glob", yaml: "exclude: ['[a']\n", wantErr: true},
		{name: "half double star", yaml: "exclude: ['a**/b']\n", wantErr: true},
		{name: "absolute glob", yaml: "exclude: ['/etc/**']\n", wantErr: true},
		{name: "bad yaml", yaml: "include: [a\n", wantErr: true},
		{name: "wrong type", yaml: "include: 3\n", wantErr: true, wantLine: 1},
		{name: "runtime without names", yaml: "runtimes:\n  codex: {}\n", wantErr: true},
		{name: "family without paths", yaml: "families:\n  - {name: x}\n", wantErr: true},
		{name: "two documents", yaml: "include: [a]\n---\ninclude: [b]\n", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseConfig("c.yaml", []byte(tt.yaml))
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tt.wantErr)
			}
			if err == nil {
				return
			}
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("error %T is not a *ConfigError", err)
			}
			if tt.wantLine != 0 && ce.Line != tt.wantLine {
				t.Errorf("line = %d, want %d (%v)", ce.Line, tt.wantLine, err)
			}
		})
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
