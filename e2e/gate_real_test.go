package e2e

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/leasegate/leasegate/lease/wire"
)

// TestGateAgainstRealBroker is the fail-closed table's second half: the
// rows whose answer comes from the broker, asked for real. The test
// process registers itself as the runtime, so the hooks it starts are that
// runtime's children.
func TestGateAgainstRealBroker(t *testing.T) {
	w := newWorld(t, nil)
	w.startBroker()
	ctx := context.Background()
	c, err := wire.Dial(ctx, w.socket)
	if err != nil {
		t.Fatal(err)
	}
	brokerProc, err := c.Peer()
	if err != nil {
		t.Fatal(err)
	}
	rep, err := c.Do(ctx, wire.Request{Op: wire.OpRegister, Runtime: "claude", PID: os.Getpid()})
	c.Close()
	if err != nil || !rep.OK {
		t.Fatalf("register: %v %+v", err, rep)
	}
	gen := strconv.FormatUint(rep.Generation, 10)
	stale := strconv.FormatUint(rep.Generation+1, 10)
	rows := []struct {
		name, session, gen, event string
		want                      int
		code                      string
	}{
		{"read allowed", rep.Session, gen, `{"tool_name":"Read","tool_input":{"file_path":"/etc/hosts"}}`, 0, ""},
		{"grep allowed", rep.Session, gen, `{"tool_name":"Grep","tool_input":{"pattern":"x"}}`, 0, ""},
		{"bash denied", rep.Session, gen, `{"tool_name":"Bash","tool_input":{"command":"ls"}}`, 2, "LEASE_NOT_VERIFIED"},
		{"unknown tool", rep.Session, gen, `{"tool_name":"FrobnicateRepo","tool_input":{}}`, 2, "LEASE_NOT_VERIFIED"},
		{"mcp tool", rep.Session, gen, `{"tool_name":"mcp__github__merge_pr","tool_input":{"pr":1}}`, 2, "LEASE_NOT_VERIFIED"},
		{"case matters", rep.Session, gen, `{"tool_name":"read","tool_input":{}}`, 2, "LEASE_NOT_VERIFIED"},
		{"wrong generation", rep.Session, stale, `{"tool_name":"Read","tool_input":{}}`, 2, "GENERATION_MISMATCH"},
		{"unknown session", "s-forged", gen, `{"tool_name":"Read","tool_input":{}}`, 2, "UNKNOWN_SESSION"},
		{"no session", "", "", `{"tool_name":"Read","tool_input":{}}`, 2, "GATE_UNAVAILABLE"},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			// The identity goes on the command line, as launch-runtime
			// writes it; the environment holds nothing.
			var args []string
			if r.session != "" {
				args = []string{"--session", r.session, "--generation", r.gen, "--socket", w.socket, "--broker", brokerProc.String()}
			}
			cmd := exec.Command(filepath.Join(bins, "mutator-gate"), append(args, "gate")...)
			cmd.Env = []string{}
			cmd.Stdin = strings.NewReader(r.event)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			status := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				status = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if status != r.want || (r.code != "" && !strings.HasPrefix(stderr.String(), r.code+": ")) {
				t.Errorf("exit %d stderr %q, want %d %s", status, stderr.String(), r.want, r.code)
			}
		})
	}
}
