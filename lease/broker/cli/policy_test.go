package cli

import (
	"path/filepath"
	"testing"
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
	if _, err := loadGatePolicy("", filepath.Join(t.TempDir(), "broker.sock")); err != nil {
		t.Fatal(err)
	}
}
