package leasebroker

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/leasegate/leasegate/lease/broker"
)

// TestGateBinaries: the hook comes from an absolute $LEASEGATE_HOOK, a
// relative one is ignored, and what is reported beside the running binary
// exists.
func TestGateBinaries(t *testing.T) {
	hook := filepath.Join(t.TempDir(), "mutator-gate")
	t.Setenv("LEASEGATE_HOOK", hook)
	got, bins := gateBinaries()
	if got != hook {
		t.Errorf("hook = %q, want %q", got, hook)
	}
	for _, b := range bins {
		if !filepath.IsAbs(b) || !isFile(b) {
			t.Errorf("binary %q is not an existing absolute file", b)
		}
	}
	t.Setenv("LEASEGATE_HOOK", "relative/mutator-gate")
	if got, _ := gateBinaries(); got == "relative/mutator-gate" {
		t.Error("a relative LEASEGATE_HOOK was used")
	}
	// The policy binds them: loading the default policy with this
	// environment succeeds (relative paths would be refused).
	if _, err := loadGatePolicy("", filepath.Join(t.TempDir(), "broker.sock"), ""); err != nil {
		t.Fatal(err)
	}
}

// TestAuditLogProtected: the broker binds ${LEASEGATE_AUDIT} to its audit
// log — given with --audit or the default under $XDG_STATE_HOME, outside
// the socket folder — so even a verified agent cannot write it, its
// rotated copies, or name them in a Bash command.
func TestAuditLogProtected(t *testing.T) {
	state := t.TempDir()
	t.Setenv("XDG_STATE_HOME", state)
	sock := filepath.Join(t.TempDir(), "s", "broker.sock")
	given := filepath.Join(t.TempDir(), "logs", "audit.jsonl")
	for audit, file := range map[string]string{"": filepath.Join(state, "leasegate", "audit.jsonl"), given: given} {
		p, err := loadGatePolicy("", sock, audit)
		if err != nil {
			t.Fatal(err)
		}
		call := func(tool, input string) bool {
			for _, d := range p.Evaluate(broker.Call{Runtime: "claude", Tool: tool, Input: json.RawMessage(input), Verified: true, Cwd: t.TempDir()}) {
				if !d.Shadow {
					return true
				}
			}
			return false
		}
		for _, c := range []struct{ tool, input string }{
			{"Write", `{"file_path":"` + file + `","content":"{}"}`},
			{"Edit", `{"file_path":"` + file + `.1","old_string":"a","new_string":"b"}`},
			{"Bash", `{"command":"truncate -s 0 ` + file + `"}`},
			{"Bash", `{"command":"rm -f ` + file + `.2"}`},
		} {
			if !call(c.tool, c.input) {
				t.Errorf("audit %q: %s %s allowed", audit, c.tool, c.input)
			}
		}
		if call("Write", `{"file_path":"`+filepath.Join(filepath.Dir(file), "notes.txt")+`","content":"x"}`) {
			t.Errorf("audit %q: a file beside the audit log is denied", audit)
		}
	}
}
