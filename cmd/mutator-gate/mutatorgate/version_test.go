package mutatorgate_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/leasegate/leasegate/cmd/mutator-gate/mutatorgate"
	"github.com/leasegate/leasegate/version"
)

// TestVersion: --version alone prints the version and commit; next to a
// mode or an identity it is not a command line launch-runtime writes, so
// it blocks instead of turning into an allow that asked no broker.
func TestVersion(t *testing.T) {
	cfg := mutatorgate.Config{
		Getenv:     func(string) string { return "" },
		SocketPath: func() (string, error) { return "/nonexistent/broker.sock", nil },
	}
	tests := []struct {
		args   []string
		status int
		stdout string
		stderr string
	}{
		{[]string{"--version"}, mutatorgate.ExitAllow, "mutator-gate " + version.String() + "\n", ""},
		{[]string{"--version", "gate"}, mutatorgate.ExitBlock, "", "GATE_UNAVAILABLE"},
		{[]string{"--session", "s-1", "--version"}, mutatorgate.ExitBlock, "", "GATE_UNAVAILABLE"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var out, errb bytes.Buffer
			status := mutatorgate.Run(cfg, tt.args, strings.NewReader("{}"), &out, &errb)
			assert.Equal(t, tt.status, status)
			if tt.stdout != "" {
				assert.Equal(t, tt.stdout, out.String())
			}
			assert.Contains(t, errb.String(), tt.stderr)
			if tt.status == mutatorgate.ExitBlock {
				assert.NotContains(t, out.String(), version.Version())
			}
		})
	}
}
