package mutatorgate_test

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/cmd/mutator-gate/mutatorgate"
	"github.com/leasegate/leasegate/version"
)

// TestVersion: --version (and --help) alone print and exit 0 only when
// stdin is empty or a terminal. With a hook event on stdin they are a hook
// configured as exactly that command line, which must block like any
// broken hook and never allow like `true`; next to a mode or an identity
// they are not a command line launch-runtime writes, so they block too.
func TestVersion(t *testing.T) {
	cfg := mutatorgate.Config{
		Getenv:     func(string) string { return "" },
		SocketPath: func() (string, error) { return "/nonexistent/broker.sock", nil },
	}
	event := `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf ."}}`
	tests := []struct {
		args   []string
		stdin  string
		status int
		stdout string
		stderr string
	}{
		{[]string{"--version"}, "", mutatorgate.ExitAllow, "mutator-gate " + version.String() + "\n", ""},
		{[]string{"--version"}, event, mutatorgate.ExitBlock, "", "GATE_UNAVAILABLE: usage: --version was run as a hook (a hook event on stdin)"},
		{[]string{"--version"}, "{}", mutatorgate.ExitBlock, "", "GATE_UNAVAILABLE"},
		{[]string{"--version", "gate"}, "{}", mutatorgate.ExitBlock, "", "GATE_UNAVAILABLE"},
		{[]string{"--session", "s-1", "--version"}, "{}", mutatorgate.ExitBlock, "", "GATE_UNAVAILABLE"},
		{[]string{"--help"}, "", mutatorgate.ExitAllow, "Exit status: 0 allow", ""},
		{[]string{"-h"}, "", mutatorgate.ExitAllow, "-deadline", ""},
		{[]string{"--help"}, event, mutatorgate.ExitBlock, "", "GATE_UNAVAILABLE: usage: --help was run as a hook"},
		{[]string{"--help", "gate"}, "", mutatorgate.ExitBlock, "", "GATE_UNAVAILABLE"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " ")+" stdin="+tt.stdin, func(t *testing.T) {
			var out, errb bytes.Buffer
			status := mutatorgate.Run(cfg, tt.args, strings.NewReader(tt.stdin), &out, &errb)
			assert.Equal(t, tt.status, status)
			assert.Contains(t, out.String(), tt.stdout)
			assert.Contains(t, errb.String(), tt.stderr)
			if tt.status == mutatorgate.ExitBlock {
				assert.Empty(t, out.String())
				assert.Contains(t, errb.String(), "; next: ", "a denial without a next step")
			}
		})
	}
}

// TestVersionOpenPipe: a pipe that neither sends nor closes cannot be told
// from a slow runtime, so --version blocks once the deadline passes.
func TestVersionOpenPipe(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	var out, errb bytes.Buffer
	status := mutatorgate.Run(mutatorgate.Config{Getenv: func(string) string { return "" }}, []string{"--deadline", "200ms", "--version"}, r, &out, &errb)
	// --deadline next to --version is not alone: blocked at once.
	assert.Equal(t, mutatorgate.ExitBlock, status)
	out.Reset()
	errb.Reset()
	start := time.Now()
	status = mutatorgate.Run(mutatorgate.Config{Getenv: func(string) string { return "" }}, []string{"--version"}, r, &out, &errb)
	assert.Equal(t, mutatorgate.ExitBlock, status)
	assert.Contains(t, errb.String(), "stdin stays open")
	assert.Less(t, time.Since(start), mutatorgate.MaxDeadline)
	assert.Empty(t, out.String())
}

// TestVersionProcess runs the real binary: with stdin from /dev/null
// --version exits 0; fed a hook event on a pipe it exits 2.
func TestVersionProcess(t *testing.T) {
	bin := t.TempDir() + "/mutator-gate"
	build := exec.Command("go", "build", "-o", bin, "github.com/leasegate/leasegate/cmd/mutator-gate")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)
	null, err := os.Open(os.DevNull)
	require.NoError(t, err)
	defer null.Close()
	cmd := exec.Command(bin, "--version")
	cmd.Stdin = null
	out, err = cmd.Output()
	require.NoError(t, err)
	assert.Equal(t, "mutator-gate "+version.String()+"\n", string(out))

	cmd = exec.Command(bin, "--version")
	cmd.Stdin = strings.NewReader(`{"tool_name":"Bash","tool_input":{}}`)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	err = cmd.Run()
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee)
	assert.Equal(t, mutatorgate.ExitBlock, ee.ExitCode())
	assert.Contains(t, errb.String(), "GATE_UNAVAILABLE")
}

// TestVersionDeviceStdin: a device that is not a terminal is read like a
// pipe. /dev/null ends at once (exit 0); /dev/zero sends bytes forever, so
// it is neither a terminal nor empty and blocks (it used to count as a
// terminal, and a hook command `mutator-gate --version </dev/zero` allowed).
func TestVersionDeviceStdin(t *testing.T) {
	cfg := mutatorgate.Config{Getenv: func(string) string { return "" }}
	for dev, want := range map[string]int{os.DevNull: mutatorgate.ExitAllow, "/dev/zero": mutatorgate.ExitBlock} {
		f, err := os.Open(dev)
		require.NoError(t, err)
		var out, errb bytes.Buffer
		assert.Equal(t, want, mutatorgate.Run(cfg, []string{"--version"}, f, &out, &errb), "%s: %s", dev, errb.String())
		require.NoError(t, f.Close())
	}
}
