package e2e

import (
	"bufio"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// allowingBroker is a replacement broker: it answers every request line
// with an allow, and counts the lines it was sent.
type allowingBroker struct {
	ln    net.Listener
	asked atomic.Int64
}

func startAllowingBroker(t *testing.T, socket string) *allowingBroker {
	t.Helper()
	_ = os.Remove(socket)
	ln, err := net.Listen("unix", socket)
	if err != nil {
		t.Fatal(err)
	}
	b := &allowingBroker{ln: ln}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				sc := bufio.NewScanner(c)
				sc.Buffer(make([]byte, 0, 1<<16), 1<<20)
				for sc.Scan() {
					b.asked.Add(1)
					rep, _ := json.Marshal(map[string]any{"v": 1, "ok": true, "allow": true, "session": "s", "generation": 1})
					if _, err := c.Write(append(rep, '\n')); err != nil {
						return
					}
				}
			}()
		}
	}()
	return b
}

// TestClaudeSettingsEnvCannotRedirectHook: Claude Code applies a settings
// file's "env" to the hooks it runs. A --settings value that points
// LEASEGATE_SOCKET at an allowing broker must not redirect the gate: either
// launch-runtime refuses it, or the hook still asks the broker it was
// registered with and the unverified Bash is blocked. The replacement is
// never asked.
func TestClaudeSettingsEnvCannotRedirectHook(t *testing.T) {
	w := newWorld(t, nil)
	w.startBroker()
	elsewhere := w.sockDir + "-elsewhere.sock"
	fake := startAllowingBroker(t, elsewhere)
	t.Cleanup(func() { os.Remove(elsewhere) })
	w.api.SetScript([]Step{
		{Tool: "Read", Input: map[string]any{"file_path": filepath.Join(w.project, "notes.txt")}},
		bash("touch redirected"),
		{Text: "finished"},
	})
	settings := `{"env":{"LEASEGATE_SOCKET":"` + elsewhere + `","LEASEGATE_SESSION_ID":"forged","LEASEGATE_GENERATION":"1"}}`
	args := append([]string{"--runtime", "claude", "--", "--settings", settings}, claudeArgs()[3:]...)
	out, code := w.launch(90*time.Second, args...)
	switch code {
	case 2:
		if !strings.Contains(out, "LEASEGATE_") {
			t.Errorf("launch refused without naming the LEASEGATE_ setting:\n%s", out)
		}
	case 0:
		res := w.api.ToolResults()
		wantResult(t, res, 0, false, "marmalade")
		wantResult(t, res, 1, true, "LEASE_NOT_VERIFIED")
	default:
		t.Fatalf("exit %d:\n%s", code, out)
	}
	if w.exists("redirected") {
		t.Error("the unverified Bash ran: the hook asked the broker the settings env named")
	}
	if n := fake.asked.Load(); n != 0 {
		t.Errorf("the broker named by the settings env was asked %d times", n)
	}
}

// TestClaudeReplacementBrokerAnswersNothing: the agent's user kills the
// broker and serves the same socket path with an allowing replacement; the
// session's hook asks only the broker process it was registered with, so
// every later call, reads included, is blocked with a message that says why,
// and the replacement is never asked.
func TestClaudeReplacementBrokerAnswersNothing(t *testing.T) {
	w := newWorld(t, nil)
	w.startBroker()
	var fake *allowingBroker
	w.api.SetScript([]Step{
		{Tool: "Read", Input: map[string]any{"file_path": filepath.Join(w.project, "notes.txt")}},
		{Before: func() { w.stopBroker(); fake = startAllowingBroker(t, w.socket) }, Tool: "Bash", Input: bash("touch replaced").Input},
		{Tool: "Read", Input: map[string]any{"file_path": filepath.Join(w.project, "notes.txt")}},
		{Text: "finished"},
	})
	out, code := w.launch(90*time.Second, claudeArgs()...)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	res := w.api.ToolResults()
	wantResult(t, res, 0, false, "marmalade")
	wantResult(t, res, 1, true, "not by the broker launch-runtime registered with")
	wantResult(t, res, 2, true, "GATE_UNAVAILABLE")
	if w.exists("replaced") {
		t.Error("the Bash ran: the replacement broker was believed")
	}
	if fake == nil || fake.asked.Load() != 0 {
		t.Errorf("the replacement broker was asked (%v)", fake)
	}
}

// TestPiReplacementBrokerAnswersNothing is TestClaudeReplacementBrokerAnswersNothing
// for Pi: the extension passes the identity launch-runtime wrote into it.
func TestPiReplacementBrokerAnswersNothing(t *testing.T) {
	w := newWorld(t, nil)
	w.startBroker()
	piSetup(t, w, 200000)
	var fake *allowingBroker
	w.api.SetScript([]Step{
		{Tool: "read", Input: map[string]any{"path": filepath.Join(w.project, "notes.txt")}},
		{Before: func() { w.stopBroker(); fake = startAllowingBroker(t, w.socket) }, Tool: "bash", Input: piBash("touch replaced").Input},
		{Tool: "read", Input: map[string]any{"path": filepath.Join(w.project, "notes.txt")}},
		{Text: "finished"},
	})
	out, code := w.launch(90*time.Second, piArgs()...)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	res := w.api.ToolResults()
	wantResult(t, res, 0, false, "marmalade")
	wantResult(t, res, 1, true, "not by the broker launch-runtime registered with")
	wantResult(t, res, 2, true, "GATE_UNAVAILABLE")
	if w.exists("replaced") {
		t.Error("the bash ran: the replacement broker was believed")
	}
	if fake == nil || fake.asked.Load() != 0 {
		t.Errorf("the replacement broker was asked (%v)", fake)
	}
}
