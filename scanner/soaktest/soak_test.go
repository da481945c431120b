package soaktest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/scanner/driver"
	"github.com/leasegate/leasegate/scanner/report"

	"github.com/leasegate/leasegate/cmd/check-launches/checklaunches"
	"github.com/leasegate/leasegate/scanner"
	"github.com/leasegate/leasegate/scanner/soaktest"
)

// runAsCommand makes the test binary behave as check-launches, so the test
// can run the real command (with the real detector list, under -race when
// the test is) as another user.
const runAsCommand = "SOAKTEST_RUN_CHECK_LAUNCHES"

func TestMain(m *testing.M) {
	if os.Getenv(runAsCommand) == "1" {
		os.Exit(checklaunches.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// nobody is the unprivileged user the command runs as when the test runs as
// root (CI does): root reads a mode-000 file, so only another user can see
// the unreadable members as unreadable.
const nobody = 65534

// TestSoakSmall runs the scaled-down soak: every pathological member, 5,000
// ordinary files, the real detector list. The command runs as an
// unprivileged user under two GOMAXPROCS values and must print
// byte-identical JSON that reports every file honestly; an in-process scan
// as the test's own user is checked too.
func TestSoakSmall(t *testing.T) {
	start := time.Now()
	base := sharedTempDir(t)
	root := filepath.Join(base, "tree")
	require.NoError(t, os.Mkdir(root, 0o755))
	t.Cleanup(func() {
		if err := soaktest.Restore(root); err != nil {
			t.Error(err)
		}
		os.RemoveAll(base)
	})
	m, err := soaktest.Generate(root, soaktest.Small())
	require.NoError(t, err)
	claimed := claimedBy(root, checklaunches.Suite().Detectors)
	t.Logf("generated %d files in %s", m.Regular, time.Since(start).Round(time.Millisecond))

	// The command, unprivileged, three times.
	bin := copyExecutable(t, base)
	var first []byte
	for _, procs := range []string{"1", "4"} {
		runStart := time.Now()
		out, stderr, code := runCommand(t, bin, root, procs)
		t.Logf("GOMAXPROCS=%s: scan as nobody in %s", procs, time.Since(runStart).Round(time.Millisecond))
		if code != checklaunches.ExitError {
			t.Fatalf("GOMAXPROCS=%s: exit %d, want %d (unreadable files are an I/O error); stderr:\n%s", procs, code, checklaunches.ExitError, stderr)
		}
		for _, p := range []string{"patho/unreadable/secret.sh", "patho/unreadable/locked"} {
			if !strings.Contains(stderr, "check-launches: "+p+": ") {
				t.Errorf("GOMAXPROCS=%s: stderr does not name %s:\n%s", procs, p, stderr)
			}
		}
		if first == nil {
			first = out
			continue
		}
		if !bytes.Equal(first, out) {
			t.Fatalf("GOMAXPROCS=%s: JSON differs from GOMAXPROCS=1 (%d vs %d bytes)", procs, len(out), len(first))
		}
	}
	var rep report.Report
	require.NoError(t, json.Unmarshal(first, &rep))
	problems, outcomes := soaktest.Check(m, &rep, claimed, true)
	for _, p := range problems {
		t.Error("unprivileged: " + p)
	}
	for _, o := range outcomes {
		t.Logf("%-50s %-55s %s", o.Path, o.Pathological, o.Got)
	}

	// In process, as the test's own user (root in CI reads everything).
	inStart := time.Now()
	inproc, err := driver.Scan(context.Background(), driver.Options{Root: root, Suite: checklaunches.Suite()})
	require.NoError(t, err)
	t.Logf("in-process scan in %s", time.Since(inStart).Round(time.Millisecond))
	var buf bytes.Buffer
	require.NoError(t, report.WriteJSON(&buf, inproc))
	var back report.Report
	require.NoError(t, json.Unmarshal(buf.Bytes(), &back))
	problems, _ = soaktest.Check(m, &back, claimed, os.Geteuid() != 0)
	for _, p := range problems {
		t.Error("in process: " + p)
	}
}

// sharedTempDir makes a folder every user can enter, under the first of
// TMPDIR, /tmp and /dev/shm whose every ancestor is searchable by others.
func sharedTempDir(t *testing.T) string {
	t.Helper()
	for _, dir := range []string{os.TempDir(), "/tmp", "/dev/shm"} {
		if !searchableByAll(dir) {
			continue
		}
		base, err := os.MkdirTemp(dir, "soaktest-")
		if err != nil {
			continue
		}
		require.NoError(t, os.Chmod(base, 0o755))
		return base
	}
	t.Fatal("no temporary folder that an unprivileged user can enter (tried TMPDIR, /tmp, /dev/shm)")
	return ""
}

func searchableByAll(dir string) bool {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return false
	}
	for {
		st, err := os.Stat(dir)
		if err != nil || st.Mode().Perm()&0o001 == 0 {
			return false
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return true
		}
		dir = parent
	}
}

// copyExecutable copies the test binary where the unprivileged user can run
// it.
func copyExecutable(t *testing.T, dir string) string {
	t.Helper()
	self, err := os.Executable()
	require.NoError(t, err)
	src, err := os.Open(self)
	require.NoError(t, err)
	defer src.Close()
	bin := filepath.Join(dir, "check-launches.test")
	dst, err := os.OpenFile(bin, os.O_CREATE|os.O_WRONLY|os.O_EXCL, 0o755)
	require.NoError(t, err)
	if _, err := io.Copy(dst, src); err != nil {
		t.Fatal(err)
	}
	require.NoError(t, dst.Close())
	return bin
}

// runCommand runs check-launches --json on root with GOMAXPROCS procs, as
// nobody when the test runs as root.
func runCommand(t *testing.T, bin, root, procs string) (stdout []byte, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(bin, "--root", root, "--json")
	cmd.Env = []string{runAsCommand + "=1", "GOMAXPROCS=" + procs, "PATH=" + os.Getenv("PATH"), "HOME=/nonexistent"}
	cmd.Dir = "/"
	if os.Geteuid() == 0 {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		code = ee.ExitCode()
	default:
		t.Fatal(err)
	}
	return out.Bytes(), errb.String(), code
}

// claimedBy says whether a detector in the list claims a file, as the scan
// decides it (name, first KiB, executable bit).
func claimedBy(root string, detectors []scanner.Detector) soaktest.Claimed {
	return func(rel string) bool {
		p := filepath.Join(root, filepath.FromSlash(rel))
		st, err := os.Stat(p)
		if err != nil {
			return false
		}
		f, err := os.Open(p)
		if err != nil {
			return false
		}
		defer f.Close()
		head := make([]byte, 1024)
		n, _ := io.ReadFull(f, head)
		file := scanner.NewFile(rel, head[:n], st.Mode()&0o111 != 0)
		for _, d := range detectors {
			if d.Match(file) {
				return true
			}
		}
		return false
	}
}
