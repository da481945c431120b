package broker_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/leasegate/leasegate/lease/broker"
	"github.com/leasegate/leasegate/lease/wire"
)

func TestRuntimeTreeRules(t *testing.T) {
	t.Parallel()
	srv := startBroker(t, broker.Config{})
	sock := srv.Addr()
	rt := startRuntime(t, sock, "claude")
	sess, gen := rt.Session, rt.Gen

	// A leaked session ID used from outside the runtime's tree (this test
	// process) is refused.
	rep := call(t, sock, wire.Request{Op: wire.OpAuthorize, Session: sess, Generation: gen, Tool: "Read"})
	if rep.Allow || rep.Code != wire.CodeUnknownSession {
		t.Fatalf("out-of-tree authorize: %+v", rep)
	}
	for _, op := range []string{wire.OpSessionStart, wire.OpTap, wire.OpCompact} {
		rep = call(t, sock, wire.Request{Op: op, Session: sess, Generation: gen, Tool: "Read"})
		if rep.OK || rep.Code != wire.CodePeerRefused {
			t.Fatalf("out-of-tree %s: %+v", op, rep)
		}
	}

	// Promotion needs a gate that has called in.
	rep = call(t, sock, wire.Request{Op: wire.OpBeginVerification, Session: sess, Generation: gen, Binding: "b"})
	if !rep.OK || len(rep.Token) != 64 {
		t.Fatalf("operator begin: %+v", rep)
	}
	tok := rep.Token
	rep = call(t, sock, wire.Request{Op: wire.OpPromote, Session: sess, Generation: gen, Binding: "b", Token: tok, TTL: 60})
	if rep.OK || rep.Code != wire.CodeGateNeverSeen {
		t.Fatalf("promote before the gate called in: %+v", rep)
	}

	// Inside the tree: the runtime and its children may authorize.
	for _, via := range []string{"self", "child"} {
		r := rt.do(via, wire.Request{Op: wire.OpSessionStart, Session: sess})
		if !r.Reply.OK {
			t.Fatalf("%s session_start: %+v", via, r)
		}
		r = rt.do(via, wire.Request{Op: wire.OpAuthorize, Session: sess, Generation: gen, Tool: "Read"})
		if !r.Reply.OK || !r.Reply.Allow {
			t.Fatalf("%s authorize Read: %+v", via, r)
		}
		r = rt.do(via, wire.Request{Op: wire.OpAuthorize, Session: sess, Generation: gen, Tool: "Bash"})
		if r.Reply.Allow || r.Reply.Code != wire.CodeLeaseNotVerified {
			t.Fatalf("%s authorize Bash unverified: %+v", via, r)
		}
		// ... but never verify themselves.
		for _, op := range []string{wire.OpBeginVerification, wire.OpPromote} {
			r = rt.do(via, wire.Request{Op: op, Session: sess, Generation: gen, Binding: "b", Token: tok, TTL: 60})
			if r.Reply.OK || r.Reply.Code != wire.CodePeerRefused {
				t.Fatalf("%s %s from inside the tree: %+v", via, op, r)
			}
		}
	}

	// The operator promotes; the tree's mutators open.
	rep = call(t, sock, wire.Request{Op: wire.OpPromote, Session: sess, Generation: gen, Binding: "b", Token: tok, TTL: 60})
	if !rep.OK || rep.State != "VERIFIED" || rep.ExpiresIn != 60 {
		t.Fatalf("operator promote: %+v", rep)
	}
	rep = call(t, sock, wire.Request{Op: wire.OpPromote, Session: sess, Generation: gen, Binding: "b", Token: tok, TTL: 60})
	if rep.OK || rep.Code != wire.CodeNotPending {
		t.Fatalf("replayed token: %+v", rep)
	}
	r := rt.do("child", wire.Request{Op: wire.OpAuthorize, Session: sess, Generation: gen, Tool: "Bash"})
	if !r.Reply.Allow {
		t.Fatalf("verified Bash: %+v", r)
	}
	r = rt.do("child", wire.Request{Op: wire.OpAuthorize, Session: sess, Generation: gen + 1, Tool: "Bash"})
	if r.Reply.Allow || r.Reply.Code != wire.CodeGenerationMismatch {
		t.Fatalf("wrong generation: %+v", r)
	}
	// Compaction from inside the tree revokes.
	r = rt.do("child", wire.Request{Op: wire.OpCompact, Session: sess, Reason: "compaction (PreCompact)"})
	if !r.Reply.OK || r.Reply.State != "UNVERIFIED" {
		t.Fatalf("compact: %+v", r)
	}
	r = rt.do("self", wire.Request{Op: wire.OpAuthorize, Session: sess, Generation: gen, Tool: "Bash"})
	if r.Reply.Allow {
		t.Fatalf("Bash after compaction: %+v", r)
	}
	// Telemetry from inside the tree.
	r = rt.do("child", wire.Request{Op: wire.OpTap, Session: sess, Tool: "Edit", AgentID: "a1", AgentType: "verifier",
		ToolInput: json.RawMessage(`{"file_path":"/x/y.go"}`)})
	if !r.Reply.OK {
		t.Fatalf("tap: %+v", r)
	}
	// A session anchored on someone else's PID is refused.
	rep = call(t, sock, wire.Request{Op: wire.OpRegister, Runtime: "claude", PID: rt.cmd.Process.Pid})
	if rep.OK || rep.Code != wire.CodePeerRefused {
		t.Fatalf("register on a foreign pid: %+v", rep)
	}
	// In-tree peers see only their own session; operators see all.
	other := startRuntime(t, sock, "pi")
	r = rt.do("self", wire.Request{Op: wire.OpSessions})
	var list []broker.SessionInfo
	if err := json.Unmarshal(r.Reply.Data, &list); err != nil || len(list) != 1 || list[0].Session != sess {
		t.Fatalf("in-tree sessions: %s %v", r.Reply.Data, err)
	}
	rep = call(t, sock, wire.Request{Op: wire.OpSessions})
	if err := json.Unmarshal(rep.Data, &list); err != nil || len(list) != 2 {
		t.Fatalf("operator sessions: %s %v", rep.Data, err)
	}
	// A runtime cannot revoke another runtime's session, the operator can.
	r = rt.do("self", wire.Request{Op: wire.OpRevoke, Session: other.Session})
	if r.Reply.OK || r.Reply.Code != wire.CodePeerRefused {
		t.Fatalf("cross-session revoke: %+v", r)
	}
	if rep = call(t, sock, wire.Request{Op: wire.OpRevoke, Session: other.Session}); !rep.OK {
		t.Fatalf("operator revoke: %+v", rep)
	}

	recs := readAudit(t, srv.AuditPath())
	for _, k := range []string{broker.KindLeaseRegistered, broker.KindLeasePending, broker.KindLeaseVerified, broker.KindLeaseRevoked, broker.KindGateDenied, broker.KindToolCall, broker.KindFileTouch} {
		if countKind(recs, k, "") == 0 {
			t.Errorf("no %s record", k)
		}
	}
	for _, rec := range recs {
		if rec.Kind == broker.KindFileTouch && (rec.Path != "/x/y.go" || rec.AgentType != "verifier" || rec.AgentID != "a1") {
			t.Errorf("file.touch attribution: %+v", rec)
		}
	}

	// When the runtime exits its session is forgotten.
	rt.stop()
	deadline := time.Now().Add(5 * time.Second)
	for {
		rep = call(t, sock, wire.Request{Op: wire.OpSessions})
		json.Unmarshal(rep.Data, &list)
		if len(list) == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("session of an exited runtime still listed: %s", rep.Data)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestAllowListOverSocket(t *testing.T) {
	t.Parallel()
	srv := startBroker(t, broker.Config{})
	sock := srv.Addr()
	// register from a client helper would not anchor a live runtime; use a
	// runtime helper and a second registration with an allow-list from it.
	rt := startRuntime(t, sock, "claude")
	r := rt.do("self", wire.Request{Op: wire.OpRegister, Runtime: "claude", PID: rt.cmd.Process.Pid,
		Args: map[string]string{wire.ArgAllowTools: "Read,Bash", wire.ArgAllowToolsMode: "enforce"}})
	if !r.Reply.OK {
		t.Fatalf("register with allow-list: %+v", r)
	}
	sess := r.Reply.Session
	r = rt.do("self", wire.Request{Op: wire.OpAuthorize, Session: sess, Generation: 1, Tool: "Grep"})
	if r.Reply.Allow || r.Reply.Code != wire.CodePolicyDenied {
		t.Fatalf("Grep outside the allow-list: %+v", r)
	}
	r = rt.do("self", wire.Request{Op: wire.OpRegister, Runtime: "claude", PID: rt.cmd.Process.Pid,
		Args: map[string]string{wire.ArgAllowTools: "Read", wire.ArgAllowToolsMode: "loose"}})
	if r.Reply.OK || r.Reply.Code != wire.CodeBadAllowList {
		t.Fatalf("bad mode: %+v", r)
	}
}

// TestRestartForgets: a restarted broker denies the old session.
func TestRestartForgets(t *testing.T) {
	dir := t.TempDir()
	cfg := broker.Config{Socket: filepath.Join(dir, "run", "broker.sock"), AuditPath: filepath.Join(dir, "audit.jsonl"), VerifierUID: broker.NoVerifier}
	first, err := broker.Listen(cfg)
	if err != nil {
		t.Fatal(err)
	}
	go first.Serve(t.Context())
	rt := startRuntime(t, cfg.Socket, "claude")
	rt.do("self", wire.Request{Op: wire.OpSessionStart, Session: rt.Session})
	tok := call(t, cfg.Socket, wire.Request{Op: wire.OpBeginVerification, Session: rt.Session, Generation: 1}).Token
	if rep := call(t, cfg.Socket, wire.Request{Op: wire.OpPromote, Session: rt.Session, Generation: 1, Token: tok, TTL: 300}); !rep.OK {
		t.Fatalf("promote: %+v", rep)
	}
	if r := rt.do("self", wire.Request{Op: wire.OpAuthorize, Session: rt.Session, Generation: 1, Tool: "Bash"}); !r.Reply.Allow {
		t.Fatalf("before restart: %+v", r)
	}
	first.Close()
	if r := rt.do("self", wire.Request{Op: wire.OpAuthorize, Session: rt.Session, Generation: 1, Tool: "Bash"}); !r.Unavailable {
		t.Fatalf("with no broker: %+v", r)
	}
	startBroker(t, cfg)
	for _, tool := range []string{"Bash", "Read"} {
		r := rt.do("self", wire.Request{Op: wire.OpAuthorize, Session: rt.Session, Generation: 1, Tool: tool})
		if r.Reply.Allow || r.Reply.Code != wire.CodeUnknownSession {
			t.Fatalf("%s after restart: %+v", tool, r)
		}
	}
	if rep := call(t, cfg.Socket, wire.Request{Op: wire.OpPromote, Session: rt.Session, Generation: 1, Token: tok, TTL: 300}); rep.OK {
		t.Fatalf("old token after restart: %+v", rep)
	}
}

// publicExe copies the test binary where another user can run it.
func publicExe(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("/tmp", "lgexe-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "helper")
	if err := os.WriteFile(exe, b, 0o755); err != nil {
		t.Fatal(err)
	}
	return exe
}

func runAs(t *testing.T, exe string, uid int, sock string, req wire.Request) result {
	t.Helper()
	b, _ := json.Marshal(req)
	cmd := exec.Command(exe)
	cmd.Dir = filepath.Dir(exe)
	cmd.Env = []string{envMode + "=client", "LGTEST_SOCKET=" + sock, "LGTEST_REQ=" + string(b)}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(uid)}}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("helper as uid %d: %v", uid, err)
	}
	var r result
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("helper said %q", out)
	}
	return r
}

// TestOtherUserRefused runs clients as `nobody` and as another uid.
func TestOtherUserRefused(t *testing.T) {
	t.Parallel()
	if os.Geteuid() != 0 {
		t.Skip("needs root to run a client as nobody")
	}
	const nobody, stranger = 65534, 54321
	exe := publicExe(t)

	t.Run("default", func(t *testing.T) {
		srv := startBroker(t, broker.Config{})
		r := runAs(t, exe, nobody, srv.Addr(), wire.Request{Op: wire.OpStatus})
		if !r.Unavailable || r.Reply.OK {
			t.Fatalf("nobody reached a 0600 socket in a 0700 folder: %+v", r)
		}
	})

	t.Run("verifier uid", func(t *testing.T) {
		base, err := os.MkdirTemp("/tmp", "lgv-")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.RemoveAll(base) })
		os.Chmod(base, 0o755)
		srv := startBroker(t, broker.Config{Socket: filepath.Join(base, "run", "broker.sock"), VerifierUID: nobody})
		sock := srv.Addr()
		st, _ := os.Stat(filepath.Dir(sock))
		if st.Mode().Perm() != 0o711 {
			t.Fatalf("verifier socket folder mode %o", st.Mode().Perm())
		}
		rt := startRuntime(t, sock, "claude")
		rt.do("self", wire.Request{Op: wire.OpSessionStart, Session: rt.Session})

		// A stranger is refused on connect, whatever it asks.
		for _, op := range []string{wire.OpStatus, wire.OpBeginVerification, wire.OpAuthorize} {
			r := runAs(t, exe, stranger, sock, wire.Request{Op: op, Session: rt.Session, Generation: 1, Tool: "Read"})
			if r.Reply.OK || r.Reply.Code != wire.CodePeerRefused {
				t.Fatalf("stranger %s: %+v", op, r)
			}
		}
		// The verifier may verify but not act as a runtime or gate.
		for _, op := range []string{wire.OpRegister, wire.OpAuthorize, wire.OpSessionStart, wire.OpTap} {
			r := runAs(t, exe, nobody, sock, wire.Request{Op: op, Session: rt.Session, Generation: 1, Tool: "Read", Runtime: "claude", PID: 1})
			if r.Reply.OK || r.Reply.Allow || r.Reply.Code != wire.CodePeerRefused {
				t.Fatalf("verifier %s: %+v", op, r)
			}
		}
		// The broker's own user is the agent's: with a verifier user it
		// may no longer verify, even from outside every runtime tree.
		for _, op := range []string{wire.OpBeginVerification, wire.OpPromote} {
			if own := call(t, sock, wire.Request{Op: op, Session: rt.Session, Generation: 1, Binding: "r", Token: "00", TTL: 30}); own.OK || own.Code != wire.CodePeerRefused {
				t.Fatalf("own user %s under --verifier-uid: %+v", op, own)
			}
		}
		r := runAs(t, exe, nobody, sock, wire.Request{Op: wire.OpBeginVerification, Session: rt.Session, Generation: 1, Binding: "r"})
		if !r.Reply.OK {
			t.Fatalf("verifier begin: %+v", r)
		}
		r = runAs(t, exe, nobody, sock, wire.Request{Op: wire.OpPromote, Session: rt.Session, Generation: 1, Binding: "r", Token: r.Reply.Token, TTL: 30})
		if !r.Reply.OK || r.Reply.State != "VERIFIED" {
			t.Fatalf("verifier promote: %+v", r)
		}
		recs := readAudit(t, srv.AuditPath())
		found := false
		for _, rec := range recs {
			if rec.Kind == broker.KindLeaseVerified && rec.UID != nil && *rec.UID == nobody {
				found = true
			}
		}
		if !found {
			t.Error("lease.verified does not record the verifier uid")
		}
	})
}

// TestPromoteRaceOverSocket: 100 goroutines promote with one token; exactly
// one wins.
func TestPromoteRaceOverSocket(t *testing.T) {
	srv := startBroker(t, broker.Config{})
	sock := srv.Addr()
	rt := startRuntime(t, sock, "pi")
	rt.do("self", wire.Request{Op: wire.OpSessionStart, Session: rt.Session})
	tok := call(t, sock, wire.Request{Op: wire.OpBeginVerification, Session: rt.Session, Generation: 1}).Token
	var wins, refused atomic.Int32
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := 0; i < 100; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			r := doOnce(sock, wire.Request{Op: wire.OpPromote, Session: rt.Session, Generation: 1, Token: tok, TTL: 60})
			switch {
			case r.Reply.OK:
				wins.Add(1)
			case r.Reply.Code == wire.CodeNotPending:
				refused.Add(1)
			default:
				t.Errorf("unexpected %+v", r)
			}
		}()
	}
	close(start)
	wg.Wait()
	if wins.Load() != 1 || refused.Load() != 99 {
		t.Fatalf("%d winners, %d refused; want 1 and 99", wins.Load(), refused.Load())
	}
	if n := countKind(readAudit(t, srv.AuditPath()), broker.KindLeaseVerified, rt.Session); n != 1 {
		t.Fatalf("%d lease.verified records", n)
	}
}

// TestRevokeRaceOverSocket: in-tree clients hammer Bash while the operator
// revokes; no authorization sent after the revoke returned is allowed.
func TestRevokeRaceOverSocket(t *testing.T) {
	srv := startBroker(t, broker.Config{})
	sock := srv.Addr()
	rt := startRuntime(t, sock, "claude")
	rt.do("self", wire.Request{Op: wire.OpSessionStart, Session: rt.Session})
	for round := 0; round < 3; round++ {
		tok := call(t, sock, wire.Request{Op: wire.OpBeginVerification, Session: rt.Session, Generation: 1}).Token
		if rep := call(t, sock, wire.Request{Op: wire.OpPromote, Session: rt.Session, Generation: 1, Token: tok, TTL: 60}); !rep.OK {
			t.Fatal(rep)
		}
		b, _ := json.Marshal(helperCmd{Hammer: 8, Req: wire.Request{Op: wire.OpAuthorize, Session: rt.Session, Generation: 1, Tool: "Bash"}})
		before := status(t, sock)
		rt.in.Write(append(b, '\n'))
		waitStatus(t, sock, func(st broker.Status) bool { return st.Allowed >= before.Allowed+20 })
		if rep := call(t, sock, wire.Request{Op: wire.OpRevoke, Session: rt.Session}); !rep.OK {
			t.Fatal(rep)
		}
		revoked := time.Now().UnixNano()
		after := status(t, sock)
		waitStatus(t, sock, func(st broker.Status) bool { return st.Authorizations >= after.Authorizations+40 })
		fmt.Fprintf(rt.in, "stop %d\n", revoked)
		var hr hammerResult
		rt.read(&hr)
		if hr.Errors > 0 || hr.LastAllowSent == 0 || hr.CallsAfter == 0 {
			t.Fatalf("hammer did not run properly (no allow before, or no call after the revoke): %+v", hr)
		}
		if hr.AllowsAfter > 0 || hr.LastAllowSent > revoked {
			t.Fatalf("%d Bash calls sent after the revoke returned were allowed (%+v)", hr.AllowsAfter, hr)
		}
	}
}
