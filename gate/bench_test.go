package gate

import (
	"encoding/json"
	"strings"
	"testing"
)

// BenchmarkEvaluate measures the default policy on typical calls, bound to
// real gate-file paths (the fixture), as the broker would run it.
func BenchmarkEvaluate(b *testing.B) {
	f := newFixture(b)
	long := strings.Repeat("go test ./... && ", 50) + "echo done"
	cases := []struct {
		name string
		c    Call
	}{
		{"Read", Call{Tool: "Read", Input: json.RawMessage(`{"file_path":"/repo/main.go"}`), Cwd: f.repo}},
		{"Write", Call{Tool: "Write", Input: json.RawMessage(`{"file_path":"src/main.go","content":"package main"}`), Cwd: f.repo}},
		{"Edit-verifier", Call{Tool: "Edit", AgentType: "verifier", Input: json.RawMessage(`{"file_path":"src/main.go","old_string":"a","new_string":"b"}`), Cwd: f.repo}},
		{"Bash-simple", f.bash("Bash", `go test ./...`)},
		{"Bash-typical", f.bash("Bash", `cd src && git status --short && go vet ./... 2>&1 | head -20`)},
		{"Bash-wrapped", f.bash("Bash", `sudo -u ci env GOFLAGS=-mod=mod timeout 60 bash -c 'make test && git push origin HEAD'`)},
		{"Bash-denied", f.bash("Bash", `rm -rf /`)},
		{"Bash-50-commands", f.bash("Bash", long)},
		{"allow-list-deny", Call{Tool: "Write", Input: json.RawMessage(`{"file_path":"x"}`), AllowTools: []string{"Read", "Grep"}}},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				f.pol.Evaluate(tc.c)
			}
		})
	}
}

func BenchmarkLoadDefault(b *testing.B) {
	for b.Loop() {
		if _, err := ParsePolicy("default", defaultPolicyYAML); err != nil {
			b.Fatal(err)
		}
	}
}
