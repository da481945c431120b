package leasebroker

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/lease/fleet"
	"github.com/leasegate/leasegate/lease/fleet/pgtest"
)

func TestFleetUsage(t *testing.T) {
	t.Setenv(fleet.EnvDB, "")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"db"}, "missing subcommand"},
		{[]string{"db", "migrate"}, "no database"},
		{[]string{"report"}, "no database"},
		{[]string{"ship", "--db", "postgres://x/y"}, "--audit FILE is required"},
		{[]string{"events", "--host", "h"}, "--host needs --db"},
		{[]string{"events", "--db", "postgres://x/y", "--audit", "f"}, "exclude each other"},
		{[]string{"report", "--db", "postgres://u:hunter2@h:bad/x"}, "database URL"},
	} {
		code, _, errOut := run(t, c.args...)
		assert.Equal(t, ExitUsage, code, "%v", c.args)
		assert.Contains(t, errOut, c.want, "%v", c.args)
		assert.NotContains(t, errOut, "hunter2")
		assert.Equal(t, 1, strings.Count(errOut, "\n"), "one line: %q", errOut)
	}
}

// TestFleetServe runs the broker with --audit-db as a process, a runtime
// that is denied, and reads the denial back from the database with
// events --db, report --db and status.
func TestFleetServe(t *testing.T) {
	pg := pgtest.Start(t)
	dir := t.TempDir()
	pw := filepath.Join(dir, "pw")
	require.NoError(t, os.WriteFile(pw, []byte(pg.Password+"\n"), 0o600))
	url := pg.URLNoPassword()

	code, out, errOut := run(t, "db", "migrate", "--db", url, "--db-password-file", pw)
	require.Equal(t, ExitOK, code, errOut)
	assert.Contains(t, out, "applied migrations [1]")
	code, out, _ = run(t, "db", "migrate", "--db", url, "--db-password-file", pw)
	require.Equal(t, ExitOK, code)
	assert.Contains(t, out, "up to date")

	sock, audit := filepath.Join(dir, "run", "broker.sock"), filepath.Join(dir, "audit.jsonl")
	srv := exec.Command(os.Args[0], "serve", "--foreground", "--socket", sock, "--audit", audit,
		"--audit-db", url, "--audit-db-password-file", pw, "--audit-host", "ci-runner-7")
	srv.Env = append(os.Environ(), "LGCLI_MAIN=1")
	stderr, err := srv.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, srv.Start())
	defer func() { _ = srv.Process.Signal(syscall.SIGTERM); _ = srv.Wait() }()
	sc := bufio.NewScanner(stderr)
	for sc.Scan() {
		if strings.Contains(sc.Text(), "shipping the audit log") {
			break
		}
	}
	go func() {
		for sc.Scan() {
		}
	}()
	t.Setenv("LEASEGATE_SOCKET", sock)

	rt := exec.Command(os.Args[0])
	rt.Env = append(os.Environ(), "LGCLI_RUNTIME=1")
	in, _ := rt.StdinPipe()
	outp, _ := rt.StdoutPipe()
	require.NoError(t, rt.Start())
	defer func() { in.Close(); rt.Wait() }()
	line, err := bufio.NewReader(outp).ReadString('\n')
	require.NoError(t, err)
	session := strings.TrimSpace(line)

	var evs []fleet.Event
	require.Eventually(t, func() bool {
		code, out, _ := run(t, "events", "--db", url, "--db-password-file", pw, "--host", "ci-runner-7", "--kind", "gate.denied", "--json")
		if code != ExitOK || strings.TrimSpace(out) == "" {
			return false
		}
		evs = nil
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			var e fleet.Event
			require.NoError(t, json.Unmarshal([]byte(l), &e))
			evs = append(evs, e)
		}
		return true
	}, 30*time.Second, 100*time.Millisecond, "the denied Bash reaches the database")
	require.Len(t, evs, 1)
	assert.Equal(t, session, evs[0].Session)
	assert.Equal(t, "LEASE_NOT_VERIFIED", evs[0].Code)
	assert.Equal(t, "Bash", evs[0].Tool)

	code, out, _ = run(t, "events", "--db", url, "--db-password-file", pw, "--session", session)
	require.Equal(t, ExitOK, code)
	assert.Contains(t, out, "host=ci-runner-7")
	assert.Contains(t, out, "lease.registered")

	code, out, errOut = run(t, "report", "--db", url, "--db-password-file", pw)
	require.Equal(t, ExitOK, code, errOut)
	assert.Contains(t, out, "LEASE_NOT_VERIFIED")
	assert.Contains(t, out, "ci-runner-7")

	code, out, _ = run(t, "status")
	require.Equal(t, ExitOK, code)
	assert.Contains(t, out, "fleet shipping as host ci-runner-7")
	assert.NotContains(t, out, pg.Password)
	// The password is in no process's argv.
	cmdline, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(srv.Process.Pid), "cmdline"))
	require.NoError(t, err)
	assert.NotContains(t, string(cmdline), pg.Password)
}
