package scanner

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func words(s string) []Arg {
	var out []Arg
	for _, w := range strings.Fields(s) {
		if w == "?" {
			out = append(out, Arg{})
			continue
		}
		out = append(out, Lit(strings.ReplaceAll(w, "%", " ")))
	}
	return out
}

func TestJudgeArgv(t *testing.T) {
	cfg := DefaultConfig()
	tests := []struct {
		argv    string
		runtime string
		class   Class
		nested  string
	}{
		{argv: "claude -p hi", runtime: "claude", class: ClassDirectLiteral},
		{argv: "pi", runtime: "pi", class: ClassDirectLiteral},
		{argv: "/usr/local/bin/claude", runtime: "claude", class: ClassAbsolutePath},
		{argv: "./node_modules/.bin/claude", runtime: "claude", class: ClassAbsolutePath},
		{argv: "~/.local/bin/pi", runtime: "pi", class: ClassAbsolutePath},
		{argv: "launch-runtime --runtime claude -- -p hi", runtime: "claude", class: ClassGated},
		{argv: "launch-runtime --dangerous --runtime=pi", runtime: "pi", class: ClassGated},
		{argv: "launch-runtime -- --runtime claude", runtime: "claude", class: ClassDirectLiteral},
		{argv: "launch-runtime -p hi"},
		{argv: "launch-runtime -- -p --runtime=pi", runtime: "pi", class: ClassDirectLiteral},
		{argv: "env FOO=1 -u BAR claude", runtime: "claude", class: ClassDirectLiteral},
		{argv: "env FOO=1 launch-runtime --runtime claude", runtime: "claude", class: ClassGated},
		{argv: "sudo -u bob -E claude", runtime: "claude", class: ClassDirectLiteral},
		{argv: "timeout -s KILL 10m claude", runtime: "claude", class: ClassDirectLiteral},
		{argv: "nice -n 10 ionice -c 3 setsid stdbuf -oL nohup claude", runtime: "claude", class: ClassDirectLiteral},
		{argv: "nice -10 claude", runtime: "claude", class: ClassDirectLiteral},
		{argv: "time -p exec -a name command claude", runtime: "claude", class: ClassDirectLiteral},
		{argv: "command -v claude"},
		{argv: "sudo -l claude"},
		{argv: "xargs -n 1 -P 4 claude -p", runtime: "claude", class: ClassDirectLiteral},
		{argv: "find . -name *.md -exec claude -p {} ;", runtime: "claude", class: ClassDirectLiteral},
		{argv: "watch -n 5 claude%-p%hi", nested: "claude -p hi"},
		{argv: "watch -x claude", runtime: "claude", class: ClassDirectLiteral},
		{argv: "script -q -c claude%-p /dev/null", nested: "claude -p"},
		{argv: "bash -c claude%-p", nested: "claude -p"},
		{argv: "bash -lc claude", nested: "claude"},
		{argv: "sh -e -o pipefail -c claude", nested: "claude"},
		{argv: "bash script.sh"},
		{argv: "npx -y @anthropic-ai/claude-code -p hi", runtime: "claude", class: ClassPackageRunner},
		{argv: "npx --yes @anthropic-ai/claude-code@latest", runtime: "claude", class: ClassPackageRunner},
		{argv: "npx claude", runtime: "claude", class: ClassPackageRunner},
		{argv: "npx -p @mariozechner/pi-coding-agent pi", runtime: "pi", class: ClassPackageRunner},
		{argv: "bunx @anthropic-ai/claude-code", runtime: "claude", class: ClassPackageRunner},
		{argv: "pnpm dlx @anthropic-ai/claude-code", runtime: "claude", class: ClassPackageRunner},
		{argv: "yarn dlx @mariozechner/pi-coding-agent", runtime: "pi", class: ClassPackageRunner},
		{argv: "npm exec -- @anthropic-ai/claude-code", runtime: "claude", class: ClassPackageRunner},
		{argv: "npm exec --yes --package=@anthropic-ai/claude-code -- claude", runtime: "claude", class: ClassPackageRunner},
		{argv: "npm install @anthropic-ai/claude-code"},
		{argv: "npx prettier"},
		{argv: "node node_modules/@anthropic-ai/claude-code/cli.js -p", runtime: "claude", class: ClassAbsolutePath},
		{argv: "deno run -A npm:@anthropic-ai/claude-code", runtime: "claude", class: ClassPackageRunner},
		{argv: "pip install x"},
		{argv: "ping claude"},
		{argv: "echo claude"},
		{argv: "grep claude"},
		{argv: "? claude"},
		{argv: "env ? claude", runtime: "claude", class: ClassDynamic}, // an unknown word never hides the command after it
		{argv: "env -S claude%-p", nested: "claude -p"},
		{argv: "torsocks claude -p x", runtime: "claude", class: ClassDirectLiteral},
		{argv: "valgrind pi", runtime: "pi", class: ClassDirectLiteral},
		{argv: "systemd-run --user claude", runtime: "claude", class: ClassDirectLiteral},
		{argv: "tmux new-session -d claude%-p", nested: "claude -p"},
		{argv: "torsocks -u claude -p x"},
	}
	for _, tt := range tests {
		t.Run(tt.argv, func(t *testing.T) {
			l, nested := cfg.JudgeArgv(words(tt.argv))
			gotRT, gotClass := "", Class("")
			if l != nil {
				gotRT, gotClass = l.Runtime, l.Class
			}
			if gotRT != tt.runtime || gotClass != tt.class {
				t.Errorf("launch = (%q, %q), want (%q, %q)", gotRT, gotClass, tt.runtime, tt.class)
			}
			var texts []string
			for _, n := range nested {
				texts = append(texts, n.Text)
			}
			if got := strings.Join(texts, "|"); got != tt.nested {
				t.Errorf("nested = %q, want %q", got, tt.nested)
			}
		})
	}
}

func TestJudgeArgvVia(t *testing.T) {
	cfg := DefaultConfig()
	l, _ := cfg.JudgeArgv([]Arg{{Value: "claude", Known: true, Via: ClassVariableExecution}})
	if l == nil || l.Class != ClassVariableExecution {
		t.Fatalf("got %+v", l)
	}
	l, _ = cfg.JudgeArgv([]Arg{Lit("exec"), {Value: "/usr/bin/claude", Known: true, Via: ClassDynamic}})
	if l == nil || l.Class != ClassDynamic {
		t.Fatalf("got %+v", l)
	}
}

// TestJudgeArgvCut: an unknown command that stands for places a bound
// left unread (Arg.Cut) is a dynamic launch of an unknown runtime, behind
// a wrapper too; an unknown command that is not is no launch.
func TestJudgeArgvCut(t *testing.T) {
	cfg := DefaultConfig()
	for _, argv := range [][]Arg{{{Cut: true}, Lit("-p")}, {Lit("nohup"), {Cut: true}}} {
		l, _ := cfg.JudgeArgv(argv)
		require.NotNil(t, l, "%+v", argv)
		assert.Equal(t, ClassDynamic, l.Class)
		assert.Equal(t, UnknownRuntime, l.Runtime)
	}
	l, _ := cfg.JudgeArgv([]Arg{{}, Lit("-p")})
	assert.Nil(t, l)
}

// TestJudgeArgvDeepWrappersBounded: the judge stops at its wrapper bound
// and reports what lies beyond it as dynamic, never as nothing.
func TestJudgeArgvDeepWrappersBounded(t *testing.T) {
	var argv []Arg
	for i := 0; i < 10000; i++ {
		argv = append(argv, Lit("nohup"))
	}
	argv = append(argv, Lit("claude"))
	l, _ := DefaultConfig().JudgeArgv(argv)
	if l == nil || l.Class != ClassDynamic || l.Runtime != "claude" {
		t.Fatalf("a runtime past the wrapper bound must be dynamic, got %+v", l)
	}
	if l, _ := DefaultConfig().JudgeArgv(argv[:10000]); l != nil {
		t.Fatalf("no runtime past the bound, got %+v", l)
	}
}

func TestFindDangerous(t *testing.T) {
	for _, s := range []string{
		"claude --dangerously-skip-permissions",      // check-launches: inert test data for the primitive detector
		"--allow-dangerously-skip-permissions",       // check-launches: inert test data for the primitive detector
		"--permission-mode bypassPermissions",        // check-launches: inert test data for the primitive detector
		"--permission-mode=bypassPermissions",        // check-launches: inert test data for the primitive detector
		`["--permission-mode", "bypassPermissions"]`, // check-launches: inert test data for the primitive detector
		`"defaultMode": "bypassPermissions"`,         // check-launches: inert test data for the primitive detector
		"defaultMode: bypassPermissions",             // check-launches: inert test data for the primitive detector
		`defaultMode = "bypassPermissions"`,          // check-launches: inert test data for the primitive detector
	} {
		if len(FindDangerous(s)) != 1 {
			t.Errorf("FindDangerous(%q) found %d", s, len(FindDangerous(s)))
		}
	}
	for _, s := range []string{"--permission-mode plan", "bypass permissions", "dangerously", `"defaultMode": "acceptEdits"`} {
		if len(FindDangerous(s)) != 0 {
			t.Errorf("FindDangerous(%q) matched", s)
		}
	}
}

func TestInterpreter(t *testing.T) {
	for in, want := range map[string]string{
		"#!/bin/bash\n":                  "bash",
		"#!/usr/bin/env bash\n":          "bash",
		"#!/usr/bin/env -S python3 -u\n": "python3",
		"#!/command/with-contenv bash\n": "bash",
		"#! /bin/sh -e\n":                "sh",
		"#!/usr/bin/env FOO=1 node\nx":   "node",
		"#!/usr/bin/env -S npx tsx\n":    "tsx",
		"#!/usr/bin/env -S npx -y tsx\n": "tsx",
		"#!/usr/bin/env -S pnpm dlx tsx": "tsx",
		"#!/usr/bin/env -S pnpm install": "pnpm",
		"#!/usr/bin/env npx\n":           "npx",
		"echo hi\n":                      "",
		"#!\n":                           "",
	} {
		if got := Interpreter([]byte(in)); got != want {
			t.Errorf("Interpreter(%q) = %q, want %q", in, got, want)
		}
	}
}
