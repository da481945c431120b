package broker_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/leasegate/leasegate/cmd/lease-broker/leasebroker"
	"github.com/leasegate/leasegate/lease/broker"
	"github.com/leasegate/leasegate/lease/wire"
)

// brokerCmd returns the test binary set up to run lease-broker with args.
func brokerCmd(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), envMode+"=broker")
	return cmd
}

// startBrokerProc runs `lease-broker serve --foreground` as its own process
// and waits until it answers.
func startBrokerProc(t *testing.T, sock, audit string, extra ...string) *exec.Cmd {
	t.Helper()
	cmd := brokerCmd(append([]string{"serve", "--foreground", "--socket", sock, "--audit", audit}, extra...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			t.Logf("broker stderr: %s", stderr.String())
		}
	})
	waitServing(t, sock)
	return cmd
}

func waitServing(t *testing.T, sock string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		if r := doOnce(sock, wire.Request{Op: wire.OpStatus}); r.Err == "" && r.Reply.OK {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("broker never answered")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestBrokerKilledMidLoad: SIGKILL the broker while a runtime hammers it.
// Clients get ErrUnavailable (GATE_UNAVAILABLE at the hook), the audit log
// has no torn line, and a new broker replaces the stale socket and knows
// nothing of the old session.
func TestBrokerKilledMidLoad(t *testing.T) {
	dir := t.TempDir()
	sock, audit := filepath.Join(dir, "run", "broker.sock"), filepath.Join(dir, "audit.jsonl")
	proc := startBrokerProc(t, sock, audit)
	rt := startRuntime(t, sock, "claude")
	// Bash is denied while UNVERIFIED, so every call writes a gate.denied
	// record: the kill lands in the middle of audit writes.
	b, _ := json.Marshal(helperCmd{Hammer: 8, Req: wire.Request{Op: wire.OpAuthorize, Session: rt.Session, Generation: 1, Tool: "Bash"}})
	rt.in.Write(append(b, '\n'))
	waitStatus(t, sock, func(st broker.Status) bool { return st.Denied >= 50 })
	proc.Process.Signal(syscall.SIGKILL)
	proc.Wait()
	time.Sleep(50 * time.Millisecond)
	rt.in.Write([]byte("stop\n"))
	var hr hammerResult
	rt.read(&hr)
	if hr.Calls < 50 || hr.Errors != 8 || hr.LastAllowSent != 0 {
		t.Fatalf("hammer: %+v (want every client to end in an error, nothing allowed)", hr)
	}
	r := rt.do("self", wire.Request{Op: wire.OpAuthorize, Session: rt.Session, Generation: 1, Tool: "Read"})
	if !r.Unavailable || r.Reply.Allow {
		t.Fatalf("after the kill: %+v", r)
	}
	// The real hook blocks with GATE_UNAVAILABLE.
	r = rt.do("hook", wire.Request{Event: "gate", Session: rt.Session, Generation: 1,
		ToolInput: json.RawMessage(`{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"/etc/hosts"}}`)})
	if r.Exit != 2 || r.Code != wire.CodeGateUnavailable {
		t.Fatalf("hook after the kill: exit %d, stderr %q", r.Exit, r.Stderr)
	}
	recs := readAudit(t, audit) // fails on a torn line
	if n := countKind(recs, broker.KindGateDenied, rt.Session); n == 0 {
		t.Fatal("no gate.denied record survived the kill")
	}
	if _, err := os.Lstat(sock); err != nil {
		t.Fatalf("the killed broker's socket should be left behind: %v", err)
	}
	startBrokerProc(t, sock, audit) // replaces the stale socket
	r = rt.do("self", wire.Request{Op: wire.OpAuthorize, Session: rt.Session, Generation: 1, Tool: "Read"})
	if r.Reply.Allow || r.Reply.Code != wire.CodeUnknownSession {
		t.Fatalf("old session after the restart: %+v", r)
	}
}

// TestAuditUnwritable: with the audit disk full every decision fails closed
// and status says why.
func TestAuditUnwritable(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	srv := startBroker(t, broker.Config{AuditPath: "/dev/full"})
	rt := startRuntime(t, srv.Addr(), "claude")
	for _, tool := range []string{"Read", "Bash"} {
		r := rt.do("self", wire.Request{Op: wire.OpAuthorize, Session: rt.Session, Generation: 1, Tool: tool})
		if r.Reply.Allow || r.Reply.Code == "" {
			t.Fatalf("%s with the audit log failing: %+v", tool, r)
		}
	}
	r := rt.do("self", wire.Request{Op: wire.OpAuthorize, Session: rt.Session, Generation: 1, Tool: "Read"})
	if r.Reply.Code != wire.CodeGateUnavailable || !strings.Contains(r.Reply.Error, "audit") {
		t.Fatalf("read with the audit log failing: %+v", r)
	}
	var st broker.Status
	json.Unmarshal(call(t, srv.Addr(), wire.Request{Op: wire.OpStatus}).Data, &st)
	if st.AuditError == "" {
		t.Fatalf("status does not report the audit failure: %+v", st)
	}
}

func TestUnsafeSocketFolder(t *testing.T) {
	base := t.TempDir()
	cfg := func(dir string) broker.Config {
		return broker.Config{Socket: filepath.Join(dir, "broker.sock"), AuditPath: filepath.Join(base, "a.jsonl"), VerifierUID: broker.NoVerifier}
	}
	wide := filepath.Join(base, "wide")
	os.Mkdir(wide, 0o700)
	os.Chmod(wide, 0o755)
	if _, err := broker.Listen(cfg(wide)); !errors.Is(err, wire.ErrUnsafeDir) {
		t.Errorf("0755 folder: %v", err)
	}
	if os.Geteuid() == 0 {
		foreign := filepath.Join(base, "foreign")
		os.Mkdir(foreign, 0o700)
		os.Chown(foreign, 65534, 65534)
		if _, err := broker.Listen(cfg(foreign)); !errors.Is(err, wire.ErrUnsafeDir) {
			t.Errorf("folder owned by nobody: %v", err)
		}
	}
	real := filepath.Join(base, "real")
	os.Mkdir(real, 0o700)
	link := filepath.Join(base, "link")
	os.Symlink(real, link)
	if _, err := broker.Listen(cfg(link)); !errors.Is(err, wire.ErrUnsafeDir) {
		t.Errorf("symlinked folder: %v", err)
	}
	// The command says so with its own exit code.
	cmd := brokerCmd("serve", "--foreground", "--socket", filepath.Join(wide, "broker.sock"), "--audit", filepath.Join(base, "a.jsonl"))
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != leasebroker.ExitUnsafe || !strings.Contains(string(out), "unsafe socket folder") {
		t.Errorf("serve in a 0755 folder: %v %q", err, out)
	}
	// A new folder is created 0700 and the socket 0600.
	srv := startBroker(t, cfg(filepath.Join(base, "new", "deeper")))
	st, _ := os.Stat(filepath.Dir(srv.Addr()))
	sst, _ := os.Lstat(srv.Addr())
	if st.Mode().Perm() != 0o700 || sst.Mode().Perm() != 0o600 || sst.Mode().Type() != fs.ModeSocket {
		t.Errorf("folder %v, socket %v", st.Mode(), sst.Mode())
	}
}

func TestStaleSocket(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	os.Mkdir(dir, 0o700)
	sock := filepath.Join(dir, "broker.sock")
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: sock, Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	ln.SetUnlinkOnClose(false)
	ln.Close() // a dead broker's socket
	srv := startBroker(t, broker.Config{Socket: sock})
	stillServing(t, srv.Addr())

	// Anything that is not a socket is left alone and refused.
	dir2 := filepath.Join(t.TempDir(), "run")
	os.Mkdir(dir2, 0o700)
	file := filepath.Join(dir2, "broker.sock")
	os.WriteFile(file, []byte("precious"), 0o600)
	if _, err := broker.Listen(broker.Config{Socket: file, AuditPath: filepath.Join(dir2, "a"), VerifierUID: broker.NoVerifier}); !errors.Is(err, broker.ErrUnsafeSocket) {
		t.Fatalf("regular file at the socket path: %v", err)
	}
	if b, _ := os.ReadFile(file); string(b) != "precious" {
		t.Fatal("the file at the socket path was touched")
	}
}

// TestTwoBrokers: two brokers started at once; one serves, the other exits
// cleanly (status 0, a message) and leaves the winner alone.
func TestTwoBrokers(t *testing.T) {
	dir := t.TempDir()
	sock := filepath.Join(dir, "run", "broker.sock")
	var cmds [2]*exec.Cmd
	var errs [2]bytes.Buffer
	for i := range cmds {
		cmds[i] = brokerCmd("serve", "--foreground", "--socket", sock, "--audit", filepath.Join(dir, "audit.jsonl"))
		cmds[i].Stderr = &errs[i]
	}
	for _, c := range cmds {
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
	}
	exited := make(chan int, 2)
	for i, c := range cmds {
		go func() {
			c.Wait()
			exited <- i
		}()
	}
	var loser int
	select {
	case loser = <-exited:
	case <-time.After(20 * time.Second):
		t.Fatal("neither broker stepped aside")
	}
	winner := 1 - loser
	if code := cmds[loser].ProcessState.ExitCode(); code != leasebroker.ExitOK || !strings.Contains(errs[loser].String(), "already running") {
		t.Fatalf("loser exit %d: %q", code, errs[loser].String())
	}
	waitServing(t, sock)
	var st broker.Status
	json.Unmarshal(call(t, sock, wire.Request{Op: wire.OpStatus}).Data, &st)
	if st.PID != cmds[winner].Process.Pid {
		t.Fatalf("status from pid %d, winner is %d", st.PID, cmds[winner].Process.Pid)
	}
	cmds[winner].Process.Signal(syscall.SIGTERM)
	select {
	case <-exited:
	case <-time.After(10 * time.Second):
		cmds[winner].Process.Kill()
		t.Fatal("winner ignored SIGTERM")
	}
	if code := cmds[winner].ProcessState.ExitCode(); code != leasebroker.ExitOK {
		t.Fatalf("winner exit %d after SIGTERM", code)
	}
	if _, err := os.Lstat(sock); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a clean stop must remove the socket: %v", err)
	}
}

// TestDetachedServe: `serve` without --foreground starts a broker in its
// own session and returns once it answers; a second `serve` finds it.
func TestDetachedServe(t *testing.T) {
	dir := t.TempDir()
	sock := filepath.Join(dir, "run", "broker.sock")
	for i := 0; i < 2; i++ {
		out, err := brokerCmd("serve", "--socket", sock, "--audit", filepath.Join(dir, "audit.jsonl")).CombinedOutput()
		if err != nil {
			t.Fatalf("serve #%d: %v %q", i, err, out)
		}
		want := []string{"started pid", "already running"}[i]
		if !strings.Contains(string(out), want) {
			t.Fatalf("serve #%d said %q, want %q", i, out, want)
		}
	}
	var st broker.Status
	json.Unmarshal(call(t, sock, wire.Request{Op: wire.OpStatus}).Data, &st)
	p, err := os.FindProcess(st.PID)
	if err != nil {
		t.Fatal(err)
	}
	sid, _, errno := syscall.Syscall(syscall.SYS_GETSID, uintptr(st.PID), 0, 0)
	if errno != 0 || int(sid) != st.PID {
		t.Errorf("detached broker is not a session leader (sid %d, pid %d)", sid, st.PID)
	}
	p.Signal(syscall.SIGTERM)
	deadline := time.Now().Add(10 * time.Second)
	for doOnce(sock, wire.Request{Op: wire.OpStatus}).Err == "" {
		if time.Now().After(deadline) {
			p.Kill()
			t.Fatal("detached broker ignored SIGTERM")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
