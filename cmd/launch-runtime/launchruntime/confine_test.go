package launchruntime

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/lease/broker"
	"github.com/leasegate/leasegate/lease/wire"
)

func TestParseArgsConfine(t *testing.T) {
	o, err := ParseArgs([]string{"--runtime", "pi", "--confine=require", "--writable", "/a", "--writable=/b", "-p", "x"})
	require.NoError(t, err)
	assert.Equal(t, ConfineRequire, o.Confine)
	assert.Equal(t, []string{"/a", "/b"}, o.Writable)
	assert.Equal(t, []string{"-p", "x"}, o.RuntimeArgs)
	_, err = ParseArgs([]string{"--runtime", "pi", "--confine", "sometimes"})
	assert.ErrorIs(t, err, ErrUsage)
}

func TestDescribeConfinement(t *testing.T) {
	for _, tc := range []struct {
		c       Confinement
		want    string
		missing int
	}{
		{Confinement{Mode: ConfineOff, ABI: 7}, "off", 0},
		{Confinement{Mode: ConfineAuto, ABI: 0}, "none", 1},
		{Confinement{Mode: ConfineAuto, ABI: 3}, "landlock-abi3:fs-write", 1},
		{Confinement{Mode: ConfineAuto, ABI: 1}, "landlock-abi1:fs-write", 3},
		{Confinement{Mode: ConfineRequire, ABI: 7}, "landlock-abi7:fs-write,signal,abstract-unix-socket", 0},
	} {
		assert.Equal(t, tc.want, tc.c.Describe())
		if tc.c.Mode != ConfineOff {
			assert.Len(t, missingProtections(tc.c.ABI), tc.missing, "ABI %d", tc.c.ABI)
		}
	}
	assert.True(t, wire.ConfinedFor(
		(&Confinement{Mode: ConfineAuto, ABI: 6}).Describe(), wire.ConfineAbstract))
}

// confinedDeps are testDeps whose Confine records the confinement instead
// of entering a Landlock domain (which would confine the test process).
func confinedDeps(t *testing.T, fb *fakeBroker, env []string) (Deps, *execCall, *Confinement) {
	deps, call, _ := testDeps(t, fb, env)
	got := &Confinement{}
	deps.Confine = func(c *Confinement) error { *got = *c; return nil }
	return deps, call, got
}

func TestRunConfinedClaude(t *testing.T) {
	if landlockABI() < abiScoped {
		t.Skip("needs Landlock ABI 6 (this test asserts the full confinement string)")
	}
	fb := startFakeBroker(t)
	home := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(home, ".claude", "agents"), 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(home, ".claude", "settings.json"), []byte(`{"model":"x"}`), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(home, ".claude.json"), []byte(`{"n":1}`), 0o600))
	project := t.TempDir()
	t.Chdir(project)
	deps, call, got := confinedDeps(t, fb, []string{"PATH=/usr/bin:/bin", "HOME=" + home})
	bin := fakeRuntime(t, "claude", "2.1.328 (Claude Code)")
	var stderr strings.Builder
	deps.Stderr = &stderr
	code := Run(deps, []string{"--runtime", "claude", "--bin", bin, "--", "-p", "hi"})
	require.Equal(t, 0, code, stderr.String())

	reg := fb.reqs[len(fb.reqs)-1]
	require.Equal(t, wire.OpRegister, reg.Op)
	assert.Equal(t, got.Describe(), reg.Args[wire.ArgConfinement])
	assert.True(t, strings.HasPrefix(reg.Args[wire.ArgConfinement], "landlock-abi"))
	assert.Equal(t, got.Dir, reg.Args[wire.ArgSessionDir])
	assert.Equal(t, filepath.Join(filepath.Dir(fb.socket), "sessions"), filepath.Dir(got.Dir))
	assert.Contains(t, got.Writable, resolved(project))
	assert.Contains(t, got.Writable, got.Dir)
	// The socket folder is under the temp folder here, so /tmp is left
	// read-only and the launch says so.
	assert.NotContains(t, got.Writable, resolved(os.TempDir()))
	assert.Contains(t, stderr.String(), "read-only to the agent")

	cfg := filepath.Join(got.Dir, "claude")
	assert.Contains(t, call.env, "CLAUDE_CONFIG_DIR="+cfg)
	assert.Contains(t, call.env, "TMPDIR="+filepath.Join(got.Dir, "tmp"))
	b, err := os.ReadFile(filepath.Join(cfg, ".claude.json"))
	require.NoError(t, err)
	assert.Equal(t, `{"n":1}`, string(b))
	b, err = os.ReadFile(filepath.Join(cfg, "settings.json"))
	require.NoError(t, err)
	assert.Equal(t, `{"model":"x"}`, string(b))
	link, err := os.Readlink(filepath.Join(cfg, "agents"))
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(home, ".claude", "agents"), link)
}

func TestRunConfinedRefusals(t *testing.T) {
	fb := startFakeBroker(t)
	bin := fakeRuntime(t, "pi", "0.73.1")
	t.Run("working tree holds the socket folder", func(t *testing.T) {
		if landlockABI() < abiFS {
			t.Skip("needs Landlock")
		}
		t.Chdir(filepath.Dir(filepath.Dir(fb.socket)))
		deps, call, _ := confinedDeps(t, fb, []string{"PATH=/bin"})
		var stderr strings.Builder
		deps.Stderr = &stderr
		assert.Equal(t, ExitRefused, Run(deps, []string{"--runtime", "pi", "--bin", bin}))
		assert.Contains(t, stderr.String(), "must stay read-only to the agent")
		assert.Empty(t, call.argv0, "nothing may be executed")
	})
	t.Run("a --writable folder that does not exist", func(t *testing.T) {
		t.Chdir(t.TempDir())
		deps, _, _ := confinedDeps(t, fb, []string{"PATH=/bin"})
		if landlockABI() < abiFS {
			return
		}
		assert.Equal(t, ExitRefused, Run(deps, []string{"--runtime", "pi", "--bin", bin, "--writable", "/no/such/dir"}))
	})
	t.Run("require without a way to confine", func(t *testing.T) {
		t.Chdir(t.TempDir())
		deps, _, _ := testDeps(t, fb, []string{"PATH=/bin"})
		assert.Equal(t, ExitRefused, Run(deps, []string{"--runtime", "pi", "--bin", bin, "--confine=require"}))
	})
	t.Run("a failing confine unregisters", func(t *testing.T) {
		if landlockABI() < abiFS {
			t.Skip("needs Landlock")
		}
		t.Chdir(t.TempDir())
		deps, call, _ := testDeps(t, fb, []string{"PATH=/bin"})
		deps.Confine = func(*Confinement) error { return errors.New("no") }
		assert.Equal(t, ExitFailure, Run(deps, []string{"--runtime", "pi", "--bin", bin}))
		assert.Empty(t, call.argv0)
		assert.Equal(t, wire.OpRevoke, fb.ops()[len(fb.ops())-1])
	})
}

func TestWithinAndSetEnv(t *testing.T) {
	assert.True(t, within("/a/b", "/a"))
	assert.True(t, within("/a", "/a"))
	assert.False(t, within("/ab", "/a"))
	assert.True(t, within("/x", "/"))
	assert.Equal(t, []string{"A=1", "C=3", "B=9"}, setEnv([]string{"A=1", "B=2", "C=3"}, "B=9"))
}

// TestBrokerFiles: the audit log and the policy file come from the
// broker's status, so they stay read-only wherever the broker keeps them.
func TestBrokerFiles(t *testing.T) {
	dir, err := os.MkdirTemp("", "lg-bf")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	sock := filepath.Join(dir, "s", "b.sock")
	srv, err := broker.Listen(broker.Config{Socket: sock, AuditPath: filepath.Join(dir, "a", "audit.jsonl"),
		PolicyFile: "/etc/leasegate/policy.yaml", VerifierUID: broker.NoVerifier})
	require.NoError(t, err)
	go func() { _ = srv.Serve(t.Context()) }()
	t.Cleanup(func() { srv.Close() })
	audit, policy := brokerFiles(t.Context(), sock)
	assert.Equal(t, filepath.Join(dir, "a", "audit.jsonl"), audit)
	assert.Equal(t, "/etc/leasegate/policy.yaml", policy)
	srv.Close()
	audit, policy = brokerFiles(t.Context(), sock)
	assert.Equal(t, broker.DefaultAuditPath(sock), audit, "no broker: the default beside the socket")
	assert.Empty(t, policy)
}

// TestConfineOlderKernels: below ABI 6 auto launches with what the kernel
// has and says once what is missing; require refuses; without Landlock
// nothing is applied and the registration says "none".
func TestConfineOlderKernels(t *testing.T) {
	fb := startFakeBroker(t)
	bin := fakeRuntime(t, "pi", "0.73.1")
	for _, tc := range []struct {
		abi      int
		mode     string
		code     int
		conf     string
		says     string
		confined bool
	}{
		{5, ConfineAuto, ExitOK, "landlock-abi5:fs-write", "scoped signals and abstract sockets (ABI 6)", true},
		{2, ConfineAuto, ExitOK, "landlock-abi2:fs-write", "truncate control (ABI 3)", true},
		{0, ConfineAuto, ExitOK, "none", "Landlock itself", false},
		{5, ConfineRequire, ExitRefused, "", "refused --confine=require", false},
		{7, ConfineOff, ExitOK, "off", "", false},
	} {
		t.Run(tc.mode+"/"+tc.conf, func(t *testing.T) {
			t.Chdir(t.TempDir())
			deps, call, got := confinedDeps(t, fb, []string{"PATH=/bin"})
			deps.LandlockABI = func() int { return tc.abi }
			called := false
			deps.Confine = func(c *Confinement) error { called, *got = true, *c; return nil }
			var stderr strings.Builder
			deps.Stderr = &stderr
			n := len(fb.ops())
			require.Equal(t, tc.code, Run(deps, []string{"--runtime", "pi", "--bin", bin, "--confine=" + tc.mode}), stderr.String())
			assert.Equal(t, tc.confined, called)
			if tc.says != "" {
				assert.Contains(t, stderr.String(), tc.says)
				assert.Equal(t, 1, strings.Count(stderr.String(), "missing"), "said once")
			}
			if tc.code != ExitOK {
				assert.Empty(t, call.argv0)
				assert.NotContains(t, fb.ops()[n:], wire.OpRegister, "a refused launch registers nothing")
				return
			}
			reg := fb.reqs[len(fb.reqs)-1]
			assert.Equal(t, tc.conf, reg.Args[wire.ArgConfinement])
		})
	}
}
