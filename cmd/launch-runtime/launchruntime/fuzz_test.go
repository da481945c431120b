package launchruntime

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/leasegate/leasegate/integrations/dropgate"
)

// FuzzCheckClaudeArgs: no panic, and nothing it lets through carries a
// refused flag or the raw bypass mode.
func FuzzCheckClaudeArgs(f *testing.F) {
	for _, s := range []string{"-p\x00hi", "--bare", "--permission-mode\x00bypassPermissions", "--settings\x00{}",
		"--setting-sources=project", "--settings=x\x00--model\x00m", "--permission-mode=plan\x00--bg"} {
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, joined string, configDir bool) {
		args := strings.Split(joined, "\x00")
		got, err := checkClaudeArgs(args, configDir)
		if err != nil {
			return
		}
		for i, a := range got.rest {
			name, val, _ := strings.Cut(a, "=")
			if _, bad := dropgate.ClaudeFlag(name); bad {
				t.Fatalf("let %q through", a)
			}
			if name == "--permission-mode" {
				if val == "" && i+1 < len(got.rest) {
					val = got.rest[i+1]
				}
				if strings.EqualFold(strings.TrimSpace(val), "bypassPermissions") {
					t.Fatalf("let the bypass mode through: %q", got.rest)
				}
			}
		}
	})
}

// FuzzMergeSettings: merging the gate into any settings object keeps every
// other top-level key, installs exactly four gate hooks, and removing the
// gate again leaves no mutator-gate behind.
func FuzzMergeSettings(f *testing.F) {
	for _, s := range []string{`{}`, `{"model":"x"}`, `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"/x"}]}]}}`,
		`{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"/old/mutator-gate gate"}]}]}}`, `{"hooks":[]}`, `{"hooks":{"PreToolUse":"x"}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := parseSettings(data)
		if err != nil {
			return
		}
		keys := map[string]bool{}
		for k := range s {
			keys[k] = true
		}
		if err := mergeGate(s, "/opt/lg/mutator-gate"); err != nil {
			t.Fatal(err)
		}
		for k := range keys {
			if _, ok := s[k]; !ok && k != "hooks" {
				t.Fatalf("lost key %q", k)
			}
		}
		out, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(out), `"/opt/lg/mutator-gate"`); n != 4 {
			t.Fatalf("%d gate hooks after merge: %s", n, out)
		}
		removeGate(s)
		out, _ = json.Marshal(s)
		if strings.Contains(string(out), "/opt/lg/mutator-gate") {
			t.Fatalf("gate left after removal: %s", out)
		}
	})
}
