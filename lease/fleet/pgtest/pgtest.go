// Package pgtest starts a private PostgreSQL cluster for tests: initdb in
// a temporary folder, a server on a loopback port and a Unix socket in
// that folder, stopped when the test ends. No test needs a server that is
// already running. Where PostgreSQL is not installed the test is skipped
// with a clear message, except under CI=true, where that is a failure
// (.ci/run installs Debian's postgresql).
package pgtest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Cluster is a running private server.
type Cluster struct {
	Dir      string // data folder
	SockDir  string
	Port     int
	User     string // superuser, password Password over TCP, trust on the socket
	Password string
	bin      string
	runAs    string // "postgres" when the test runs as root
	t        testing.TB
}

// BinDir finds the folder of initdb and pg_ctl, or "".
func BinDir() string {
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		return filepath.Dir(p)
	}
	ms, _ := filepath.Glob("/usr/lib/postgresql/*/bin/pg_ctl")
	sort.Strings(ms)
	if len(ms) == 0 {
		return ""
	}
	return filepath.Dir(ms[len(ms)-1])
}

// Start starts a cluster or skips (fails under CI=true) when PostgreSQL is
// not installed.
func Start(t testing.TB) *Cluster {
	t.Helper()
	bin := BinDir()
	if bin == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("PostgreSQL is not installed (initdb/pg_ctl not found); .ci/run installs Debian's postgresql")
		}
		t.Skip("PostgreSQL is not installed (initdb/pg_ctl not found): apt-get install postgresql to run this test")
	}
	c := &Cluster{bin: bin, User: "leasegate", Password: "s3cret-" + strconv.Itoa(os.Getpid()), t: t}
	base, err := os.MkdirTemp("", "leasegate-pg-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(base) })
	c.Dir, c.SockDir = filepath.Join(base, "data"), filepath.Join(base, "sock")
	for _, d := range []string{c.Dir, c.SockDir} {
		if err := os.Mkdir(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	pwfile := filepath.Join(base, "pw")
	if err := os.WriteFile(pwfile, []byte(c.Password+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() == 0 {
		// initdb refuses to run as root: run the server as postgres.
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Fatalf("running as root and there is no postgres user to run the server: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		for _, p := range []string{base, c.Dir, c.SockDir, pwfile} {
			if err := os.Chown(p, uid, gid); err != nil {
				t.Fatal(err)
			}
		}
		c.runAs = "postgres"
	}
	c.run("initdb", "-D", c.Dir, "-U", c.User, "--pwfile", pwfile, "-A", "scram-sha-256",
		"--auth-local=trust", "-E", "UTF8", "--no-sync", "--locale=C")
	c.Port = freePort(t)
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60", c.Port, c.SockDir)
	c.run("pg_ctl", "-D", c.Dir, "-o", opts, "-l", filepath.Join(base, "log"), "-w", "-t", "60", "start")
	t.Cleanup(func() { c.ctl("stop", "-m", "immediate") })
	return c
}

func (c *Cluster) command(name string, args ...string) *exec.Cmd {
	prog := filepath.Join(c.bin, name)
	if c.runAs != "" {
		return exec.Command("runuser", append([]string{"-u", c.runAs, "--", prog}, args...)...)
	}
	return exec.Command(prog, args...)
}

func (c *Cluster) run(name string, args ...string) {
	c.t.Helper()
	out, err := c.command(name, args...).CombinedOutput()
	if err != nil {
		log, _ := os.ReadFile(filepath.Join(filepath.Dir(c.Dir), "log"))
		c.t.Fatalf("%s %s: %v\n%s\n%s", name, strings.Join(args, " "), err, out, log)
	}
}

func (c *Cluster) ctl(args ...string) error {
	return c.command("pg_ctl", append([]string{"-D", c.Dir, "-w", "-t", "60"}, args...)...).Run()
}

// Stop stops the server (fast shutdown: connections are cut).
func (c *Cluster) Stop() {
	c.t.Helper()
	if err := c.ctl("stop", "-m", "fast"); err != nil {
		c.t.Fatalf("pg_ctl stop: %v", err)
	}
}

// Restart starts a stopped server again on the same port.
func (c *Cluster) Restart() {
	c.t.Helper()
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60", c.Port, c.SockDir)
	c.run("pg_ctl", "-D", c.Dir, "-o", opts, "-l", filepath.Join(filepath.Dir(c.Dir), "log"), "-w", "-t", "60", "start")
}

// URL is a postgres:// URL over loopback TCP with the password in it.
func (c *Cluster) URL() string {
	return fmt.Sprintf("postgres://%s:%s@127.0.0.1:%d/postgres?sslmode=disable", c.User, c.Password, c.Port)
}

// URLNoPassword is URL without the password (for a password file or
// PGPASSWORD).
func (c *Cluster) URLNoPassword() string {
	return fmt.Sprintf("postgres://%s@127.0.0.1:%d/postgres?sslmode=disable", c.User, c.Port)
}

func freePort(t testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	time.Sleep(0)
	return l.Addr().(*net.TCPAddr).Port
}
