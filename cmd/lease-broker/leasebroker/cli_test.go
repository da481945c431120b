package leasebroker

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/leasegate/leasegate/lease/broker"
	"github.com/leasegate/leasegate/lease/wire"
)

// The test binary doubles as a runtime: it registers itself, lets its gate
// call in, prints the session and waits for stdin to close.
func TestMain(m *testing.M) {
	if os.Getenv("LGCLI_MAIN") != "" { // the test binary as lease-broker itself
		os.Exit(Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	if os.Getenv("LGCLI_RUNTIME") != "" {
		ctx := context.Background()
		c, err := wire.Dial(ctx, os.Getenv("LEASEGATE_SOCKET"))
		if err != nil {
			os.Exit(3)
		}
		rep, err := c.Do(ctx, wire.Request{Op: wire.OpRegister, Runtime: "claude", PID: os.Getpid()})
		if err != nil || !rep.OK {
			os.Exit(4)
		}
		if os.Getenv("LGCLI_RUNTIME_SILENT") == "" { // else its gate never calls in
			c.Do(ctx, wire.Request{Op: wire.OpSessionStart, Session: rep.Session})
			c.Do(ctx, wire.Request{Op: wire.OpAuthorize, Session: rep.Session, Generation: 1, Tool: "Bash"})
		}
		fmt.Println(rep.Session)
		if os.Getenv("LGCLI_RUNTIME_STOP") != "" { // the agent tries to stop its broker
			var errb bytes.Buffer
			code := Main([]string{"stop"}, strings.NewReader(""), io.Discard, &errb)
			fmt.Printf("%d %s", code, errb.String())
		}
		bufio.NewReader(os.Stdin).ReadString('\n')
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"frobnicate"},
		{"status", "extra"},
		{"promote"},
		{"sessions", "--bogus"},
		{"events", "--kind", "nope"},
		{"events", "--since", "yesterday"},
		{"events", "--limit", "-1"},
		{"promote", "s", "--token", "t", "--ttl", "1500ms"},
		{"promote", "s"},
	} {
		code, out, errOut := run(t, args...)
		if code != ExitUsage || out != "" || !strings.HasPrefix(errOut, "lease-broker: ") || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d and one line", args, code, out, errOut, ExitUsage)
		}
	}
}

func TestFlagsParse(t *testing.T) {
	var got *ServeOptions
	ios := &IO{Out: &bytes.Buffer{}, Err: &bytes.Buffer{}}
	g := &globalOptions{}
	cmd := NewCmdServe(ios, g, func(o *ServeOptions) error { got = o; return nil })
	cmd.SetArgs([]string{"--audit", "/a", "--verifier-uid", "1001", "--policy", "/p.yaml", "--foreground", "--tool-call-cap", "7"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if got.Audit != "/a" || got.VerifierUID != 1001 || got.Policy != "/p.yaml" || !got.Foreground || got.ToolCallCap != 7 {
		t.Fatalf("%+v", got)
	}
	var v *VerifyOptions
	cmd = NewCmdPromote(ios, g, func(o *VerifyOptions) error { v = o; return nil })
	cmd.SetArgs([]string{"abc", "--token", "t", "--ttl", "90s", "--binding", "r1", "--generation", "3"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if v.Session != "abc" || v.Token != "t" || v.TTL != 90*time.Second || v.Binding != "r1" || v.Generation != 3 {
		t.Fatalf("%+v", v)
	}
}

func TestUnavailable(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "none.sock")
	for _, args := range [][]string{{"status"}, {"sessions"}, {"revoke", "x"}, {"events"}, {"begin-verification", "x"}} {
		code, _, errOut := run(t, append(args, "--socket", sock)...)
		if code != ExitUnavailable || !strings.Contains(errOut, "no broker at") {
			t.Errorf("%v: exit %d %q", args, code, errOut)
		}
	}
}

func TestParseSince(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for in, want := range map[string]time.Time{
		"":                     {},
		"10m":                  now.Add(-10 * time.Minute),
		"2026-01-01T00:00:00Z": time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
	} {
		got, err := parseSince(in, now)
		if err != nil || !got.Equal(want) {
			t.Errorf("%q: %v %v", in, got, err)
		}
	}
	for _, in := range []string{"-5m", "soon", "2026-01-01"} {
		if _, err := parseSince(in, now); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
}

// TestOperatorFlow drives a real broker through the operator commands.
func TestOperatorFlow(t *testing.T) {
	dir := t.TempDir()
	sock, audit := filepath.Join(dir, "run", "broker.sock"), filepath.Join(dir, "audit.jsonl")
	srv, err := broker.Listen(broker.Config{Socket: sock, AuditPath: audit, VerifierUID: broker.NoVerifier})
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(context.Background())
	defer srv.Close()
	t.Setenv("LEASEGATE_SOCKET", sock)

	rt := exec.Command(os.Args[0])
	rt.Env = append(os.Environ(), "LGCLI_RUNTIME=1")
	in, _ := rt.StdinPipe()
	outp, _ := rt.StdoutPipe()
	if err := rt.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { in.Close(); rt.Wait() }()
	line, err := bufio.NewReader(outp).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	session := strings.TrimSpace(line)

	code, out, errOut := run(t, "status")
	if code != ExitOK || !strings.Contains(out, "sessions 1") {
		t.Fatalf("status: %d %q %q", code, out, errOut)
	}
	code, out, _ = run(t, "sessions")
	if code != ExitOK || !strings.Contains(out, session) || !strings.Contains(out, "UNVERIFIED") {
		t.Fatalf("sessions: %d %q", code, out)
	}
	code, out, _ = run(t, "begin-verification", session, "--binding", "r1")
	token := strings.TrimSpace(out)
	if code != ExitOK || len(token) != 64 {
		t.Fatalf("begin-verification: %d %q", code, out)
	}
	code, _, errOut = run(t, "promote", session, "--token", strings.Repeat("0", 64), "--binding", "r1")
	if code != ExitFailed || !strings.Contains(errOut, string(wire.CodeTokenRefused)) ||
		!strings.HasSuffix(errOut, "; next: "+wire.NextStep(wire.CodeTokenRefused)+"\n") {
		t.Fatalf("wrong token: %d %q", code, errOut)
	}
	code, _, errOut = run(t, "promote", session, "--token", token)
	if code != ExitFailed || !strings.Contains(errOut, string(wire.CodeBindingMismatch)) {
		t.Fatalf("wrong binding: %d %q", code, errOut)
	}
	code, out, _ = run(t, "promote", session, "--token", token, "--binding", "r1", "--ttl", "60s")
	if code != ExitOK || !strings.Contains(out, "VERIFIED") || !strings.Contains(out, "1m0s") {
		t.Fatalf("promote: %d %q", code, out)
	}
	code, out, _ = run(t, "sessions", "--json")
	var list []broker.SessionInfo
	if code != ExitOK || json.Unmarshal([]byte(out), &list) != nil || len(list) != 1 || list[0].State != "VERIFIED" || !list[0].GateSeen {
		t.Fatalf("sessions --json: %d %q", code, out)
	}
	code, out, _ = run(t, "revoke", session, "--reason", "done")
	if code != ExitOK || !strings.Contains(out, "UNVERIFIED") {
		t.Fatalf("revoke: %d %q", code, out)
	}
	code, _, errOut = run(t, "revoke", "nope")
	if code != ExitFailed || !strings.Contains(errOut, string(wire.CodeUnknownSession)) {
		t.Fatalf("revoke unknown: %d %q", code, errOut)
	}
	// events, through the broker and straight from the file
	for _, src := range [][]string{nil, {"--audit", audit}} {
		code, out, _ = run(t, append([]string{"events", "--session", session, "--kind", "lease.revoked", "--json"}, src...)...)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if code != ExitOK || len(lines) != 1 { // only the operator's revoke: begin-verification found nothing to revoke
			t.Fatalf("events %v: %q", src, out)
		}
		var last broker.Record
		if json.Unmarshal([]byte(lines[len(lines)-1]), &last) != nil || last.Kind != "lease.revoked" || last.Reason != "done" {
			t.Fatalf("events %v: %q", src, out)
		}
		code, out, _ = run(t, append([]string{"events", "--kind", "gate.denied", "--since", "1h"}, src...)...)
		if code != ExitOK || !strings.Contains(out, "gate.denied") || !strings.Contains(out, "code=LEASE_NOT_VERIFIED") {
			t.Fatalf("events text %v: %q", src, out)
		}
	}
	code, out, _ = run(t, "events", "--limit", "1", "--json")
	if code != ExitOK || strings.Count(out, "\n") != 1 {
		t.Fatalf("events --limit 1: %q", out)
	}
}
