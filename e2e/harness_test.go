package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// bins holds launch-runtime, mutator-gate and lease-broker, built fresh.
var bins string

// e2eDir is this folder; node_modules holds the pinned runtimes.
var e2eDir string

// skipReason, when set, is why every test here skips: -short, or the
// pinned runtimes are not installed outside CI.
var skipReason string

// clientsMissing returns a message naming the runtimes that are not
// installed in e2eDir/node_modules, or "".
func clientsMissing(dir string) string {
	var missing []string
	for _, b := range []string{"claude", "pi"} {
		if _, err := os.Stat(filepath.Join(dir, "node_modules", ".bin", b)); err != nil {
			missing = append(missing, b)
		}
	}
	if len(missing) == 0 {
		return ""
	}
	return fmt.Sprintf("the pinned runtimes (%s) are not installed: run e2e/setup.sh (npm ci) first", strings.Join(missing, ", "))
}

// inCI reports whether the tests run in CI, where a missing runtime is a
// failure, never a skip.
func inCI() bool { return os.Getenv("CI") == "true" }

func TestMain(m *testing.M) {
	flag.Parse()
	_, file, _, _ := runtime.Caller(0)
	e2eDir = filepath.Dir(file)
	missing := clientsMissing(e2eDir)
	switch {
	case missing != "" && inCI():
		fmt.Fprintf(os.Stderr, "e2e: %s (CI=true: the end-to-end tests must run in CI).\n", missing)
		os.Exit(1)
	case testing.Short():
		skipReason = "end-to-end tests with the real runtimes do not run under -short"
	case missing != "":
		skipReason = missing
	}
	if skipReason != "" {
		fmt.Fprintf(os.Stderr, "e2e: skipping every test: %s\n", skipReason)
		os.Exit(m.Run())
	}
	dir, err := os.MkdirTemp("", "lg-e2e-bin")
	if err != nil {
		panic(err)
	}
	bins = dir
	cmd := exec.Command("go", "build", "-o", bins+"/",
		"github.com/leasegate/leasegate/cmd/launch-runtime",
		"github.com/leasegate/leasegate/cmd/mutator-gate",
		"github.com/leasegate/leasegate/cmd/lease-broker")
	if out, err := cmd.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "e2e: build: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// world is one isolated test: its own HOME, project folder, broker socket
// and mock model API.
type world struct {
	t       *testing.T
	home    string
	project string
	sockDir string
	socket  string
	audit   string
	api     *MockAPI
	broker  *exec.Cmd
}

func newWorld(t *testing.T, script []Step) *world {
	t.Helper()
	if skipReason != "" {
		t.Skip(skipReason)
	}
	root := t.TempDir()
	// Unix socket paths are short: keep the socket outside t.TempDir().
	sockDir, err := os.MkdirTemp("", "lg")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(sockDir) })
	w := &world{
		t:       t,
		home:    filepath.Join(root, "home"),
		project: filepath.Join(root, "project"),
		sockDir: filepath.Join(sockDir, "s"),
		audit:   filepath.Join(root, "audit.jsonl"),
	}
	w.socket = filepath.Join(w.sockDir, "b.sock")
	for _, d := range []string{w.home, w.project} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(w.project, "notes.txt"), []byte("the secret word is marmalade\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w.api, err = StartMockAPI(script)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.api.Close)
	t.Cleanup(w.stopBroker)
	return w
}

// env is the environment every process of the test gets: nothing from the
// developer's machine but PATH, and every switch that keeps Claude Code
// and Pi off the network except for the loopback mock.
func (w *world) env(extra ...string) []string {
	env := []string{
		"PATH=" + bins + ":" + filepath.Join(e2eDir, "node_modules", ".bin") + ":" + os.Getenv("PATH"),
		"HOME=" + w.home,
		"LEASEGATE_SOCKET=" + w.socket,
		"TMPDIR=" + os.TempDir(),
		"LANG=C.UTF-8",
		"TERM=dumb",
		"NO_COLOR=1",
		"CI=true",
		// Claude Code: the mock is the only server.
		"ANTHROPIC_BASE_URL=" + w.api.URL,
		"ANTHROPIC_API_KEY=sk-ant-e2e-test",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
		"DISABLE_AUTOUPDATER=1",
		"DISABLE_TELEMETRY=1",
		"DISABLE_ERROR_REPORTING=1",
		"DISABLE_BUG_COMMAND=1",
		"CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY=1",
		"CLAUDE_CODE_DISABLE_TERMINAL_TITLE=1",
		"IS_SANDBOX=1",
		// Anything that is not loopback goes to a closed port.
		"HTTP_PROXY=http://127.0.0.1:9",
		"HTTPS_PROXY=http://127.0.0.1:9",
		"NO_PROXY=127.0.0.1,localhost",
		// Pi.
		"PI_OFFLINE=1",
		"PI_TELEMETRY=0",
		"PI_CODING_AGENT_DIR=" + filepath.Join(w.home, ".pi", "agent"),
	}
	return append(env, extra...)
}

// startBroker runs lease-broker in the foreground, owned by the test.
func (w *world) startBroker(extra ...string) {
	w.t.Helper()
	cmd := exec.Command(filepath.Join(bins, "lease-broker"), append([]string{"serve", "--foreground",
		"--socket", w.socket, "--audit", w.audit}, extra...)...)
	cmd.Env = w.env()
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		w.t.Fatal(err)
	}
	w.broker = cmd
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if _, err := w.operatorErr("status"); err == nil {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	w.t.Fatalf("broker did not answer: %s", out.String())
}

func (w *world) stopBroker() {
	if w.broker == nil {
		return
	}
	_ = w.broker.Process.Kill()
	_ = w.broker.Wait()
	w.broker = nil
}

// operatorErr runs a lease-broker command from outside the agent.
func (w *world) operatorErr(args ...string) (string, error) {
	cmd := exec.Command(filepath.Join(bins, "lease-broker"), args...)
	cmd.Env = w.env()
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if err != nil {
		return out.String(), fmt.Errorf("lease-broker %s: %v: %s", strings.Join(args, " "), err, errb.String())
	}
	return out.String(), nil
}

func (w *world) operator(args ...string) string {
	w.t.Helper()
	out, err := w.operatorErr(args...)
	if err != nil {
		w.t.Errorf("%v", err)
	}
	return out
}

// session returns the one session the broker holds.
func (w *world) session() string {
	w.t.Helper()
	out := w.operator("sessions", "--json")
	var list []struct {
		Session string `json:"session"`
		ID      string `json:"id"`
	}
	if err := json.Unmarshal([]byte(out), &list); err != nil {
		// Some versions print one object per line.
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			var s struct {
				Session string `json:"session"`
				ID      string `json:"id"`
			}
			if json.Unmarshal([]byte(line), &s) == nil {
				list = append(list, s)
			}
		}
	}
	if len(list) != 1 {
		w.t.Errorf("want exactly one session, broker says: %s", out)
		return ""
	}
	if list[0].Session != "" {
		return list[0].Session
	}
	return list[0].ID
}

// promote verifies the session from outside the agent: begin-verification
// then promote with the printed token.
func (w *world) promote(ttl string) {
	w.t.Helper()
	s := w.session()
	out := w.operator("begin-verification", s, "--json")
	var bv struct {
		Token string `json:"token"`
	}
	if err := json.Unmarshal([]byte(out), &bv); err != nil || bv.Token == "" {
		w.t.Errorf("begin-verification printed %q", out)
		return
	}
	w.operator("promote", s, "--token", bv.Token, "--ttl", ttl)
}

// launch runs launch-runtime with args in the project folder and returns
// its combined output and exit status.
func (w *world) launch(timeout time.Duration, args ...string) (string, int) {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join(bins, "launch-runtime"), args...)
	cmd.Env = w.env()
	cmd.Dir = w.project
	cmd.Stdin = nil
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ctx.Err() != nil {
		w.t.Fatalf("launch-runtime %v timed out; output:\n%s", args, out.String())
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return out.String(), ee.ExitCode()
	}
	if err != nil {
		w.t.Fatal(err)
	}
	return out.String(), 0
}

func (w *world) exists(name string) bool {
	_, err := os.Stat(filepath.Join(w.project, name))
	return err == nil
}

// run runs a program with the test's environment (plus extra) in the
// project folder.
func (w *world) run(prog string, extra []string, args ...string) (string, int) {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, prog, args...)
	cmd.Env = w.env(extra...)
	cmd.Dir = w.project
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ctx.Err() != nil {
		w.t.Fatalf("%s %v timed out:\n%s", prog, args, out.String())
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return out.String(), ee.ExitCode()
	}
	if err != nil {
		w.t.Fatal(err)
	}
	return out.String(), 0
}

// claudeDirect runs the real Claude Code without the wrapper: one -p run
// against the mock, with the tools in allowed pre-approved, env added to
// the test's environment and extra arguments appended.
func (w *world) claudeDirect(env []string, allowed string, extra ...string) (string, int) {
	w.t.Helper()
	args := append([]string{"-p", "work", "--model", "claude-sonnet-4-5", "--allowedTools", allowed, "--no-session-persistence"}, extra...)
	return w.run(filepath.Join(e2eDir, "node_modules", ".bin", "claude"), env, args...)
}

// piDirect runs the real Pi without the wrapper: one -p run against the
// mock, with pre (such as -ne -e FILE) before the model arguments.
func (w *world) piDirect(pre ...string) (string, int) {
	w.t.Helper()
	args := append(pre, "--provider", "mock", "--model", "mock-model", "--no-session", "-p", "work")
	return w.run(filepath.Join(e2eDir, "node_modules", ".bin", "pi"), nil, args...)
}
