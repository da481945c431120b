package broker_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/leasegate/leasegate/lease"
	"github.com/leasegate/leasegate/lease/broker"
	"github.com/leasegate/leasegate/lease/wire"
)

// TestPolicyOnlyDenies: a policy can deny what the lease allows, a shadow
// rule records gate.would_deny and lets the call through, and no policy
// answer turns a lease denial into an allow.
func TestPolicyOnlyDenies(t *testing.T) {
	t.Parallel()
	var calls []broker.Call
	pol := broker.PolicyFunc(func(c broker.Call) []broker.PolicyDecision {
		calls = append(calls, c)
		switch c.Tool {
		case "Grep":
			return []broker.PolicyDecision{{Rule: "no-grep", Reason: "grep is off limits"}}
		case "Glob":
			return []broker.PolicyDecision{{Rule: "glob-watch", Reason: "would stop glob", Shadow: true}}
		}
		// Everything else: a policy that "allows" cannot, it has no way to.
		return nil
	})
	srv := startBroker(t, broker.Config{Policy: pol})
	rt := startRuntime(t, srv.Addr(), "claude")
	do := func(tool string) wire.Reply {
		return rt.do("self", wire.Request{Op: wire.OpAuthorize, Session: rt.Session, Generation: 1, Tool: tool,
			AgentType: "verifier", Cwd: "/w", ToolInput: json.RawMessage(`{"pattern":"x"}`)}).Reply
	}
	if r := do("Grep"); r.Allow || r.Code != wire.CodePolicyDenied || !strings.Contains(r.Error, "no-grep") {
		t.Fatalf("enforced rule: %+v", r)
	}
	if r := do("Glob"); !r.Allow {
		t.Fatalf("shadow rule blocked: %+v", r)
	}
	if r := do("Bash"); r.Allow || r.Code != wire.CodeLeaseNotVerified {
		t.Fatalf("lease denial overridden: %+v", r)
	}
	for _, c := range calls {
		if c.Tool == "Bash" {
			t.Fatal("policy consulted for a call the lease denied")
		}
		if c.AgentType != "verifier" || c.Cwd != "/w" || string(c.Input) != `{"pattern":"x"}` || c.Verified {
			t.Fatalf("policy saw %+v", c)
		}
	}
	recs := readAudit(t, srv.AuditPath())
	var denied, would bool
	for _, r := range recs {
		denied = denied || (r.Kind == broker.KindGateDenied && r.Rule == "no-grep" && r.Code == wire.CodePolicyDenied)
		would = would || (r.Kind == broker.KindGateWouldDeny && r.Rule == "glob-watch" && r.Tool == "Glob")
	}
	if !denied || !would {
		t.Fatalf("audit: denied %v, would_deny %v", denied, would)
	}
}

// TestPolicyFlag: serve loads the shipped default policy, and refuses a
// malformed one with its line.
func TestPolicyFlag(t *testing.T) {
	dir := t.TempDir()
	sock, audit := filepath.Join(dir, "run", "broker.sock"), filepath.Join(dir, "audit.jsonl")
	def, err := filepath.Abs("../../docs/default-policy.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(def); err != nil {
		t.Fatalf("shipped policy: %v", err)
	}
	startBrokerProc(t, sock, audit, "--policy", def)
	var st broker.Status
	json.Unmarshal(call(t, sock, wire.Request{Op: wire.OpStatus}).Data, &st)
	if !st.Policy {
		t.Fatal("status does not show the policy")
	}
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("rule_sets:\n  - name: x\n    frobnicate: true\n"), 0o600)
	out, err := brokerCmd("serve", "--foreground", "--socket", filepath.Join(dir, "run2", "b.sock"), "--audit", audit, "--policy", bad).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "bad.yaml") {
		t.Fatalf("malformed policy: %v %q", err, out)
	}
}

// TestToolCallCap: tool.call records stop at the cap and the drops are
// counted; denials are never capped.
func TestToolCallCap(t *testing.T) {
	t.Parallel()
	srv := startBroker(t, broker.Config{ToolCallCap: 3})
	rt := startRuntime(t, srv.Addr(), "pi")
	for i := 0; i < 5; i++ {
		rt.do("self", wire.Request{Op: wire.OpAuthorize, Session: rt.Session, Generation: 1, Tool: "read"})
		rt.do("self", wire.Request{Op: wire.OpAuthorize, Session: rt.Session, Generation: 1, Tool: "bash"})
		rt.do("self", wire.Request{Op: wire.OpTap, Session: rt.Session, Tool: "read", ToolInput: json.RawMessage(`{"path":"a.go"}`)})
	}
	recs := readAudit(t, srv.AuditPath())
	if n := countKind(recs, broker.KindToolCall, rt.Session); n != 3 {
		t.Errorf("%d tool.call records, want 3", n)
	}
	if n := countKind(recs, broker.KindFileTouch, rt.Session); n != 3 {
		t.Errorf("%d file.touch records, want 3", n)
	}
	if n := countKind(recs, broker.KindGateDenied, rt.Session); n != 5 {
		t.Errorf("%d gate.denied records, want 5", n)
	}
	var list []broker.SessionInfo
	json.Unmarshal(call(t, srv.Addr(), wire.Request{Op: wire.OpSessions}).Data, &list)
	if len(list) != 1 || list[0].ToolCalls != 3 || list[0].DroppedToolCalls != 7 || list[0].DroppedFileTouches != 2 {
		t.Fatalf("%+v", list)
	}
	// The record that ends the session carries the drops, so the log (and
	// the fleet database) counts them too.
	rt.stop()
	deadline := time.Now().Add(5 * time.Second)
	for {
		var end *broker.Record
		for _, r := range readAudit(t, srv.AuditPath()) {
			if r.Kind == broker.KindLeaseRevoked && r.Session == rt.Session {
				end = &r
			}
		}
		if end != nil {
			if end.DroppedToolCalls != 7 || end.DroppedFileTouches != 2 {
				t.Fatalf("session end record: %+v", end)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no lease.revoked record when the runtime exited")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestExpiryLogged: with an injected clock, a lease past its TTL is denied
// and the sweeper records lease.expired without any call.
func TestExpiryLogged(t *testing.T) {
	clock := &lease.ManualClock{}
	srv := startBroker(t, broker.Config{Clock: clock, SweepInterval: 10 * time.Millisecond})
	rt := startRuntime(t, srv.Addr(), "claude")
	rt.do("self", wire.Request{Op: wire.OpSessionStart, Session: rt.Session})
	tok := call(t, srv.Addr(), wire.Request{Op: wire.OpBeginVerification, Session: rt.Session, Generation: 1}).Token
	call(t, srv.Addr(), wire.Request{Op: wire.OpPromote, Session: rt.Session, Generation: 1, Token: tok, TTL: 1000})
	if r := rt.do("self", wire.Request{Op: wire.OpAuthorize, Session: rt.Session, Generation: 1, Tool: "Edit"}); !r.Reply.Allow || r.Reply.ExpiresIn != 300 {
		t.Fatalf("TTL not capped at 300s or not allowed: %+v", r)
	}
	clock.Advance(300 * time.Second)
	deadline := time.Now().Add(5 * time.Second)
	for countKind(readAudit(t, srv.AuditPath()), broker.KindLeaseExpired, rt.Session) != 1 {
		if time.Now().After(deadline) {
			t.Fatal("no lease.expired record")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if r := rt.do("self", wire.Request{Op: wire.OpAuthorize, Session: rt.Session, Generation: 1, Tool: "Edit"}); r.Reply.Allow || r.Reply.Code != wire.CodeLeaseExpired {
		// The sweep noticed the expiry first; the denial still says why.
		t.Fatalf("after expiry: %+v", r)
	}
}

// TestSessionLimits: one runtime process cannot register without bound.
func TestSessionLimits(t *testing.T) {
	t.Parallel()
	srv := startBroker(t, broker.Config{MaxSessionsPerRuntime: 3})
	rt := startRuntime(t, srv.Addr(), "claude") // its first session
	for i := 0; i < 2; i++ {
		if r := rt.do("self", wire.Request{Op: wire.OpRegister, Runtime: "claude", PID: rt.cmd.Process.Pid}); !r.Reply.OK {
			t.Fatalf("register %d: %+v", i+2, r)
		}
	}
	r := rt.do("self", wire.Request{Op: wire.OpRegister, Runtime: "claude", PID: rt.cmd.Process.Pid})
	if r.Reply.OK || r.Reply.Code != wire.CodeTooManySessions {
		t.Fatalf("4th session: %+v", r)
	}
	other := startRuntime(t, srv.Addr(), "pi") // another process still can
	if other.Session == "" {
		t.Fatal("no session for another runtime")
	}
}

// profilePolicy is a policy with named allow-list profiles that records the
// calls it sees.
type profilePolicy struct{ seen *[]broker.Call }

func (p profilePolicy) Evaluate(c broker.Call) []broker.PolicyDecision {
	*p.seen = append(*p.seen, c)
	return nil
}

func (p profilePolicy) Profile(name string) ([]string, bool) {
	if name == "readonly" {
		return []string{"Read", "Grep", "Bash"}, true
	}
	return nil, false
}

// TestRegisterOptions: a named tool profile narrows the session (and
// allow_tools narrows it further), config_dir protects that folder's
// settings.json for this session, dangerous is recorded.
func TestRegisterOptions(t *testing.T) {
	t.Parallel()
	var seen []broker.Call
	srv := startBroker(t, broker.Config{Policy: profilePolicy{&seen}})
	rt := startRuntime(t, srv.Addr(), "claude")
	pid := rt.cmd.Process.Pid
	reg := func(args map[string]string) wire.Reply {
		return rt.do("self", wire.Request{Op: wire.OpRegister, Runtime: "claude", PID: pid, Args: args}).Reply
	}
	r := reg(map[string]string{wire.ArgToolProfile: "readonly", wire.ArgAllowTools: "Read,Bash,Edit",
		wire.ArgConfigDir: "/cfg/claude", wire.ArgDangerous: "true",
		wire.ArgGateFiles: "/run/lg/settings.json\n/run/lg/../lg/gate.ts\n"})
	if !r.OK {
		t.Fatal(r)
	}
	sess := r.Session
	for tool, allow := range map[string]bool{"Read": true, "Grep": false, "Edit": false} {
		a := rt.do("self", wire.Request{Op: wire.OpAuthorize, Session: sess, Generation: 1, Tool: tool}).Reply
		if a.Allow != allow || (!allow && a.Code != wire.CodePolicyDenied) {
			t.Errorf("%s: %+v", tool, a)
		}
	}
	if len(seen) != 1 || strings.Join(seen[0].GateFiles, " ") != "/cfg/claude/settings.json /run/lg/settings.json /run/lg/gate.ts" {
		t.Errorf("policy saw %+v", seen)
	}
	var list []broker.SessionInfo
	json.Unmarshal(call(t, srv.Addr(), wire.Request{Op: wire.OpSessions}).Data, &list)
	for _, s := range list {
		if s.Session == sess && (!s.Dangerous || strings.Join(s.AllowTools, ",") != "Read,Bash" || s.AllowToolsMode != "enforce") {
			t.Errorf("sessions: %+v", s)
		}
	}
	for _, args := range []map[string]string{
		{wire.ArgToolProfile: "nope"},
		{wire.ArgAllowToolsMode: "shadow"},
		{wire.ArgAllowTools: "Read", wire.ArgAllowToolsMode: "sometimes"},
	} {
		if r := reg(args); r.OK || r.Code != wire.CodeBadAllowList {
			t.Errorf("%v: %+v", args, r)
		}
	}
	if r := reg(map[string]string{wire.ArgConfigDir: "relative/dir"}); r.OK || r.Code != wire.CodeBadRequest {
		t.Errorf("relative config_dir: %+v", r)
	}
	if r := reg(map[string]string{wire.ArgGateFiles: "/abs/ok\nrelative/gate.ts"}); r.OK || r.Code != wire.CodeBadRequest {
		t.Errorf("relative gate file: %+v", r)
	}
}
