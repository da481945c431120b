package gate

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// FuzzLoadPolicy: any bytes either load or give a *PolicyError; never a
// panic.
func FuzzLoadPolicy(f *testing.F) {
	files, _ := filepath.Glob("testdata/policy/*/*.yaml")
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("version: 1\nrule_sets: [{name: a, mode: enforce, rules: [{id: b, command: [x], all: [{arg: ['[']}]}]}]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParsePolicy("fuzz.yaml", data)
		if err != nil {
			var pe *PolicyError
			if !asPolicyError(err, &pe) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		// A policy that loads evaluates without panicking.
		p.Evaluate(Call{Tool: "Bash", Input: json.RawMessage(`{"command":"rm -rf / && git push -f"}`)})
		p.Evaluate(Call{Tool: "Write", Input: json.RawMessage(`{"file_path":"../.git/hooks/x"}`), AgentType: "verifier"})
	})
}

// FuzzEvaluate: any Bash command, any tool and input evaluate without
// panicking, and the same call gives the same decisions.
func FuzzEvaluate(f *testing.F) {
	for _, tc := range bashRules {
		for _, c := range tc.deny {
			f.Add("Bash", c, "")
		}
		for _, c := range tc.pass {
			f.Add("bash", c, "verifier")
		}
	}
	f.Add("Write", `{"file_path":"~/.claude/settings.json"}`, "")
	f.Add("Edit", `{"file_path":5}`, "verifier")
	f.Add("Bash", `bash -c "$(printf 'eval %.0s' {1..50})"`, "")
	// At and past the nesting bounds (internal/shnest).
	f.Add("Bash", strings.Repeat("if true; then ", 1001)+"ls"+strings.Repeat("; fi", 1001), "")
	f.Add("Bash", strings.Repeat("f() ", 1001)+"{ ls; }", "")
	f.Add("Bash", "echo $(("+strings.Repeat("1+", 10001)+"1))", "")
	f.Add("Bash", "bash -c '"+strings.Repeat("true | ", 10001)+"ls'", "")
	p := DefaultPolicy()
	f.Fuzz(func(t *testing.T, tool, command, agent string) {
		var in json.RawMessage
		if tool == "Bash" || tool == "bash" {
			in, _ = json.Marshal(map[string]string{"command": command})
		} else {
			in = json.RawMessage(command)
		}
		c := Call{Tool: tool, Input: in, AgentType: agent, Cwd: "/nonexistent/repo"}
		var first []Decision
		done := make(chan struct{})
		go func() { first = p.Evaluate(c); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("Evaluate took over 5s on %q", command)
		}
		if again := p.Evaluate(c); !reflect.DeepEqual(first, again) {
			t.Fatalf("not deterministic: %v then %v", first, again)
		}
		for _, d := range first {
			if d.Rule == "" || d.Reason == "" {
				t.Fatalf("empty decision field: %+v", d)
			}
			if strings.ContainsAny(d.Reason, "\n\r\x00") || !utf8.ValidString(d.Reason) || len(d.Reason) > 400 {
				t.Fatalf("reason is not one clean line: %q", d.Reason)
			}
		}
	})
}

func asPolicyError(err error, pe **PolicyError) bool {
	e, ok := err.(*PolicyError)
	if ok {
		*pe = e
	}
	return ok
}
