package leasebroker

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/lease/broker"
	"github.com/leasegate/leasegate/lease/wire"
)

// TestStop: `lease-broker stop` stops a real broker over its operator
// socket: Serve returns, the socket is gone, a broker.stopped record names
// who; an agent inside a runtime tree is refused (exit 1) and the broker
// keeps serving; with nothing answering, stop exits 3.
func TestStop(t *testing.T) {
	dir := t.TempDir()
	sock, audit := filepath.Join(dir, "run", "broker.sock"), filepath.Join(dir, "audit.jsonl")
	srv, err := broker.Listen(broker.Config{Socket: sock, AuditPath: audit, VerifierUID: broker.NoVerifier})
	require.NoError(t, err)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(context.Background()) }()
	defer srv.Close()
	t.Setenv("LEASEGATE_SOCKET", sock)

	// An agent's own process asks its broker to stop: refused.
	_, r, end := startTestRuntime(t, "LGCLI_RUNTIME_STOP=1")
	line, err := r.ReadString('\n')
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(line, "1 ") && strings.Contains(line, string(wire.CodePeerRefused)), "stop from inside the agent: %q", line)
	require.NoError(t, end())
	code, _, errOut := run(t, "status")
	require.Equal(t, ExitOK, code, "the refused stop stopped the broker: %s", errOut)

	code, out, errOut := run(t, "stop")
	require.Equal(t, ExitOK, code, "stop: %q %q", out, errOut)
	assert.Contains(t, out, "stopped broker pid")
	select {
	case err := <-served:
		assert.NoError(t, err)
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return after stop")
	}
	_, err = os.Stat(sock)
	assert.True(t, os.IsNotExist(err), "the socket is still there: %v", err)
	data, err := os.ReadFile(audit)
	require.NoError(t, err)
	var stopped *broker.Record
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var rec broker.Record
		require.NoError(t, json.Unmarshal([]byte(l), &rec))
		if rec.Kind == broker.KindBrokerStopped {
			stopped = &rec
		}
	}
	require.NotNil(t, stopped, "no broker.stopped record:\n%s", data)
	require.NotNil(t, stopped.UID)
	assert.Equal(t, os.Getuid(), *stopped.UID)

	code, _, errOut = run(t, "stop")
	assert.Equal(t, ExitUnavailable, code, "stop with no broker: %q", errOut)
	assert.Contains(t, errOut, "no broker at")
}

// TestUnknownProfileListsProfiles: a registration with a tool profile the
// default policy does not define is refused BAD_ALLOW_LIST naming the
// profiles it does define, so launch-runtime can show them.
func TestUnknownProfileListsProfiles(t *testing.T) {
	dir := t.TempDir()
	sock := filepath.Join(dir, "run", "broker.sock")
	p, err := loadGatePolicy("", sock, filepath.Join(dir, "audit.jsonl"))
	require.NoError(t, err)
	srv, err := broker.Listen(broker.Config{Socket: sock, AuditPath: filepath.Join(dir, "audit.jsonl"), VerifierUID: broker.NoVerifier, Policy: p})
	require.NoError(t, err)
	go srv.Serve(context.Background())
	defer srv.Close()
	ctx := context.Background()
	c, err := wire.Dial(ctx, sock)
	require.NoError(t, err)
	defer c.Close()
	rep, err := c.Do(ctx, wire.Request{Op: wire.OpRegister, Runtime: "claude", PID: os.Getpid(), Args: map[string]string{wire.ArgToolProfile: "nope"}})
	require.NoError(t, err)
	assert.False(t, rep.OK)
	assert.Equal(t, wire.CodeBadAllowList, rep.Code)
	assert.Contains(t, rep.Error, "(the broker's policy defines: edit, read-only, review)")
}

// TestStopServeProcess: `serve --foreground` as its own process exits 0
// after `lease-broker stop`, and its socket is gone.
func TestStopServeProcess(t *testing.T) {
	dir := t.TempDir()
	sock := filepath.Join(dir, "run", "broker.sock")
	srv := exec.Command(os.Args[0], "serve", "--foreground", "--socket", sock, "--audit", filepath.Join(dir, "audit.jsonl"))
	srv.Env = append(os.Environ(), "LGCLI_MAIN=1")
	require.NoError(t, srv.Start())
	exited := make(chan error, 1)
	go func() { exited <- srv.Wait() }()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if code, _, _ := run(t, "status", "--socket", sock); code == ExitOK {
			break
		}
		require.True(t, time.Now().Before(deadline), "the broker did not answer")
		time.Sleep(20 * time.Millisecond)
	}
	code, out, errOut := run(t, "stop", "--socket", sock)
	require.Equal(t, ExitOK, code, "%s%s", out, errOut)
	select {
	case err := <-exited:
		assert.NoError(t, err, "serve --foreground after stop")
	case <-time.After(10 * time.Second):
		_ = srv.Process.Kill()
		t.Fatal("serve --foreground did not exit after stop")
	}
	_, err := os.Stat(sock)
	assert.True(t, os.IsNotExist(err))
}

// TestGateNeverSeenNextStep: promoting a session whose gate never called
// in is refused GATE_NEVER_SEEN, and the message says what to do.
func TestGateNeverSeenNextStep(t *testing.T) {
	dir := t.TempDir()
	sock := filepath.Join(dir, "run", "broker.sock")
	srv, err := broker.Listen(broker.Config{Socket: sock, AuditPath: filepath.Join(dir, "audit.jsonl"), VerifierUID: broker.NoVerifier})
	require.NoError(t, err)
	go srv.Serve(context.Background())
	defer srv.Close()
	t.Setenv("LEASEGATE_SOCKET", sock)
	session, _, end := startTestRuntime(t, "LGCLI_RUNTIME_SILENT=1")
	defer end()
	code, tok, errOut := run(t, "begin-verification", session)
	require.Equal(t, ExitOK, code, "%s", errOut)
	code, _, errOut = run(t, "promote", session, "--token", strings.TrimSpace(tok))
	assert.Equal(t, ExitFailed, code)
	assert.Contains(t, errOut, string(wire.CodeGateNeverSeen))
	assert.True(t, strings.HasSuffix(errOut, "; next: "+wire.NextStep(wire.CodeGateNeverSeen)+"\n"), "%q", errOut)
}

// startTestRuntime starts the test binary as a registered runtime (see
// TestMain) with extra environment; it returns the session, the rest of
// its output, and a function that lets it exit and waits for it.
func startTestRuntime(t *testing.T, env ...string) (string, *bufio.Reader, func() error) {
	t.Helper()
	rt := exec.Command(os.Args[0])
	rt.Env = append(append(os.Environ(), "LGCLI_RUNTIME=1"), env...)
	in, err := rt.StdinPipe()
	require.NoError(t, err)
	outp, err := rt.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, rt.Start())
	r := bufio.NewReader(outp)
	line, err := r.ReadString('\n')
	require.NoError(t, err)
	return strings.TrimSpace(line), r, func() error { in.Close(); return rt.Wait() }
}
