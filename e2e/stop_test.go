package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestStopMidSession (issue 19): `lease-broker stop` while a real Claude
// Code session runs stops the broker cleanly (serve exits 0), and the
// session's next tool call fails closed with GATE_UNAVAILABLE and its next
// step. The verified agent's own `lease-broker stop` fails first: in a
// confined launch the kernel refuses its connect(2) to the operator socket
// (exit 3), unconfined the broker refuses it PEER_REFUSED (exit 1).
func TestStopMidSession(t *testing.T) {
	for _, tc := range []struct {
		name, confine string
		want          []string
	}{
		{"confined", "auto", []string{"operation not permitted", "rc=3"}},
		{"unconfined", "off", []string{"PEER_REFUSED", "stop may not run from inside an agent", "; next: ", "rc=1"}},
	} {
		t.Run(tc.name, func(t *testing.T) { stopMidSession(t, tc.confine, tc.want) })
	}
}

func stopMidSession(t *testing.T, confine string, agentStop []string) {
	w := newWorld(t, nil)
	w.startBroker()
	var stopOut string
	var stopErr error
	w.api.SetScript([]Step{
		{Before: func() { w.promote("300s") }, Tool: "Bash", Input: bash("lease-broker stop; echo rc=$?").Input},
		{Before: func() { stopOut, stopErr = w.operatorErr("stop") }, Tool: "Bash", Input: bash("touch after-stop").Input},
		{Text: "finished"},
	})
	out, code := w.launch(180*time.Second, claudeArgs("--confine", confine)...)
	if code != 0 {
		t.Fatalf("claude exit %d:\n%s", code, out)
	}
	res := w.api.ToolResults()
	for _, want := range agentStop {
		wantResult(t, res, 0, false, want)
	}
	if stopErr != nil || !strings.Contains(stopOut, "stopped broker pid") {
		t.Errorf("operator stop: %v %q", stopErr, stopOut)
	}
	wantResult(t, res, 1, true, "GATE_UNAVAILABLE")
	if len(res) > 1 && !strings.Contains(res[1].Text, "; next: ") {
		t.Errorf("the denial has no next step: %q", res[1].Text)
	}
	if w.exists("after-stop") {
		t.Error("a Bash ran after the broker stopped")
	}
	done := make(chan error, 1)
	go func() { done <- w.broker.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("lease-broker serve after stop: %v", err)
		}
		w.broker = nil
	case <-time.After(10 * time.Second):
		t.Error("lease-broker serve still runs after stop")
	}
	if t.Failed() {
		for i, r := range res {
			t.Logf("result %d: error=%v %q", i, r.IsError, r.Text)
		}
		t.Logf("claude:\n%s", out)
	}
}
