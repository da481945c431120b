package broker_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/leasegate/leasegate/lease/broker"
	"github.com/leasegate/leasegate/lease/wire"
)

// TestHookEndToEnd runs the real mutator-gate (package cmd/mutator-gate/mutatorgate) as a
// child of a registered runtime against a real broker: the exit status and
// the code on its stderr follow the lease, and with the broker gone it
// blocks with GATE_UNAVAILABLE.
func TestHookEndToEnd(t *testing.T) {
	t.Parallel()
	srv := startBroker(t, broker.Config{})
	sock := srv.Addr()
	rt := startRuntime(t, sock, "claude")
	hookRun := func(mode, event string) (int, string) {
		t.Helper()
		r := rt.do("hook", wire.Request{Event: mode, Session: rt.Session, Generation: rt.Gen, ToolInput: json.RawMessage(event)})
		return r.Exit, r.Stderr
	}
	pre := func(tool, input string) string {
		return `{"hook_event_name":"PreToolUse","session_id":"x","tool_name":"` + tool + `","tool_input":` + input + `}`
	}
	check := func(mode, event string, wantExit int, wantPrefix wire.Code) {
		t.Helper()
		code, stderr := hookRun(mode, event)
		if code != wantExit || !strings.HasPrefix(stderr, string(wantPrefix)) {
			t.Fatalf("%s %s: exit %d, stderr %q; want exit %d, %q", mode, event, code, stderr, wantExit, wantPrefix)
		}
	}
	check("session-start", `{"hook_event_name":"SessionStart","source":"startup"}`, 0, "")
	check("gate", pre("Read", `{"file_path":"/etc/hosts"}`), 0, "")
	check("gate", pre("Bash", `{"command":"make"}`), 2, wire.CodeLeaseNotVerified)
	check("gate", pre("mcp__github__create_pr", `{}`), 2, wire.CodeLeaseNotVerified)

	tok := call(t, sock, wire.Request{Op: wire.OpBeginVerification, Session: rt.Session, Generation: rt.Gen}).Token
	if rep := call(t, sock, wire.Request{Op: wire.OpPromote, Session: rt.Session, Generation: rt.Gen, Token: tok, TTL: 60}); !rep.OK {
		t.Fatal(rep)
	}
	check("gate", pre("Bash", `{"command":"make"}`), 0, "")
	check("tap", `{"hook_event_name":"PostToolUse","tool_name":"Edit","agent_type":"coder","tool_input":{"file_path":"/w/a.go"}}`, 0, "")
	check("compact", `{"hook_event_name":"PreCompact","trigger":"auto"}`, 0, "")
	check("gate", pre("Bash", `{"command":"make"}`), 2, wire.CodeLeaseNotVerified)

	recs := readAudit(t, srv.AuditPath())
	touched := false
	for _, r := range recs {
		touched = touched || (r.Kind == broker.KindFileTouch && r.Path == "/w/a.go" && r.AgentType == "coder")
	}
	if !touched {
		t.Error("the tap's file.touch is missing")
	}
	srv.Close()
	check("gate", pre("Read", `{"file_path":"/etc/hosts"}`), 2, wire.CodeGateUnavailable)
}
