package launchruntime

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/leasegate/leasegate/lease/wire"
)

func TestParseArgs(t *testing.T) {
	rows := []struct {
		args    []string
		want    Options
		wantErr error
	}{
		{[]string{"--runtime", "claude", "-p", "hi"}, Options{Runtime: "claude", RuntimeArgs: []string{"-p", "hi"}}, nil},
		{[]string{"--runtime=pi", "--", "--runtime", "x"}, Options{Runtime: "pi", RuntimeArgs: []string{"--runtime", "x"}}, nil},
		{[]string{"--runtime", "claude", "--dangerous", "--config-dir", "/c", "--"}, Options{Runtime: "claude", Dangerous: true, ConfigDir: "/c"}, nil},
		{[]string{"--runtime", "claude", "--allow-tools", "Read, Grep,Bash", "--allow-tools-mode", "shadow"},
			Options{Runtime: "claude", AllowTools: []string{"Read", "Grep", "Bash"}, AllowToolsMode: "shadow"}, nil},
		{[]string{"--runtime", "claude", "--allow-tools", "Read"}, Options{Runtime: "claude", AllowTools: []string{"Read"}, AllowToolsMode: "enforce"}, nil},
		{[]string{"--runtime", "claude", "--tool-profile", "review"}, Options{Runtime: "claude", ToolProfile: "review", AllowToolsMode: "enforce"}, nil},
		{[]string{"-p", "hi"}, Options{}, ErrUsage},
		{[]string{"--runtim", "claude"}, Options{}, ErrUsage},
		{[]string{"--runtime"}, Options{}, ErrUsage},
		{[]string{"--runtime", "codex"}, Options{}, ErrUsage},
		{[]string{"--runtime", "claude", "--allow-tools", ","}, Options{}, ErrUsage},
		{[]string{"--runtime", "claude", "--allow-tools-mode", "shadow"}, Options{}, ErrUsage},
		{[]string{"--runtime", "claude", "--allow-tools", "Read", "--allow-tools-mode", "loud"}, Options{}, ErrUsage},
		{[]string{"--runtime", "claude", "--allow-tools", "Read", "--tool-profile", "x"}, Options{}, ErrUsage},
		{[]string{"--runtime", "pi", "--dangerous"}, Options{}, ErrRefused},
		{[]string{"--runtime", "pi", "--config-dir", "/x"}, Options{}, ErrUsage},
	}
	for _, r := range rows {
		got, err := ParseArgs(r.args)
		if r.wantErr != nil {
			if !errors.Is(err, r.wantErr) {
				t.Errorf("%q: err %v, want %v", r.args, err, r.wantErr)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, r.want) {
			t.Errorf("%q: got %+v, %v; want %+v", r.args, got, err, r.want)
		}
	}
}

func TestCheckClaudeArgs(t *testing.T) {
	refused := [][]string{
		{"--bare"}, {"-p", "--bare"}, {"--safe-mode"}, {"--dangerously-skip-permissions"},
		{"--allow-dangerously-skip-permissions"}, {"--permission-mode", "bypassPermissions"},
		{"--permission-mode=bypassPermissions"}, {"--permission-mode", "BYPASSPERMISSIONS"},
		{"--bg"}, {"--background"}, {"--managed-settings", "{}"}, {"--bare=1"},
	}
	for _, args := range refused {
		if _, err := checkClaudeArgs(args, false); !errors.Is(err, ErrRefused) {
			t.Errorf("%q: err %v, want a refusal", args, err)
		}
	}
	if _, err := checkClaudeArgs([]string{"--setting-sources", "project,local"}, true); !errors.Is(err, ErrRefused) {
		t.Errorf("--setting-sources without user under --config-dir: %v", err)
	}
	got, err := checkClaudeArgs([]string{"-p", "x", "--settings", `{"a":1}`, "--permission-mode=acceptEdits", "--setting-sources", "user,project", "--settings=f.json"}, true)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.userSettings, []string{`{"a":1}`, "f.json"}) ||
		!reflect.DeepEqual(got.rest, []string{"-p", "x", "--permission-mode", "acceptEdits", "--setting-sources", "user,project"}) {
		t.Errorf("got %+v", got)
	}
	if _, err := checkClaudeArgs([]string{"--settings"}, false); !errors.Is(err, ErrUsage) {
		t.Errorf("--settings without a value: %v", err)
	}
}

// TestCheckClaudeArgsKnownFlagsOnly: an option the wrapper does not know to
// leave the gate in place is refused, hidden ones included, and so is a
// stream-json input, whose apply_flag_settings control request replaced
// the gate's --settings layer in the real Claude Code (e2e
// TestRedteamStreamJSONRefused); the prompt after "--" is free text.
func TestCheckClaudeArgsKnownFlagsOnly(t *testing.T) {
	refused := [][]string{
		{"--input-format", "stream-json"}, {"--input-format=stream-json"}, {"--input-format"},
		{"--sdk-url", "ws://127.0.0.1:9"}, {"--remote-control"}, {"--rc"}, {"--cloud", "x"},
		{"--environment", "e"}, {"--teleport"}, {"--remote", "x"}, {"--plugin-url", "http://x/p.zip"},
		{"--project-config-root", "/tmp"}, {"--managed-settings-in-initialize"}, {"--worktree"},
		{"-p", "x", "--channels", "s"}, {"--dangerously-load-development-channels", "s"}, {"-pc"},
	}
	for _, args := range refused {
		_, err := checkClaudeArgs(args, false)
		assert.ErrorIs(t, err, ErrRefused, "%q", args)
	}
	for _, args := range [][]string{
		{"-p", "x", "--input-format", "text", "--output-format", "stream-json", "--verbose"},
		{"--model", "opus", "--add-dir", "/a", "/b", "--", "-p", "--sdk-url is only prompt text here"},
	} {
		_, err := checkClaudeArgs(args, false)
		require.NoError(t, err, "%q", args)
	}
}

func TestBuildClaudeSettings(t *testing.T) {
	const gate = "/opt/leasegate/bin/mutator-gate"
	data, err := buildClaudeSettings(gate, []string{`{"model":"m","hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"/my/hook"}]}]}}`})
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Model           string `json:"model"`
		DisableAllHooks *bool  `json:"disableAllHooks"`
		Hooks           map[string][]struct {
			Matcher string `json:"matcher"`
			Hooks   []struct {
				Type      string   `json:"type"`
				Command   string   `json:"command"`
				Args      []string `json:"args"`
				Timeout   int      `json:"timeout"`
				OnFailure string   `json:"onFailure"`
			} `json:"hooks"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if s.Model != "m" || s.DisableAllHooks == nil || *s.DisableAllHooks {
		t.Errorf("settings %s", data)
	}
	pre := s.Hooks["PreToolUse"]
	if len(pre) != 2 || pre[0].Hooks[0].Command != "/my/hook" {
		t.Fatalf("user hook lost: %s", data)
	}
	g := pre[1]
	if g.Matcher != ".*" || g.Hooks[0].Command != gate || !reflect.DeepEqual(g.Hooks[0].Args, []string{"gate"}) ||
		g.Hooks[0].Timeout <= 2 || g.Hooks[0].OnFailure != "block" {
		t.Errorf("gate hook %+v", g)
	}
	for _, ev := range []string{"PostToolUse", "PreCompact", "SessionStart"} {
		if len(s.Hooks[ev]) != 1 || s.Hooks[ev][0].Hooks[0].Command != gate {
			t.Errorf("%s: %+v", ev, s.Hooks[ev])
		}
	}
	for _, bad := range []string{`{"disableAllHooks":true}`, `{"disableAllHooks":"yes"}`, `{"allowManagedHooksOnly":true}`,
		`{"permissions":{"defaultMode":"bypassPermissions"}}`, `{"hooks":{"PreToolUse":{}}}`, `[1]`, `{`, "/nonexistent/settings.json"} {
		if _, err := buildClaudeSettings(gate, []string{bad}); !errors.Is(err, ErrRefused) {
			t.Errorf("--settings %s: err %v, want a refusal", bad, err)
		}
	}
}

func TestMergeSettingsFileIdempotentAndReversible(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	orig := `{"model":"x","hooks":{"Stop":[{"hooks":[{"type":"command","command":"/bin/true"}]}]}}`
	os.WriteFile(path, []byte(orig), 0o640)
	for i := 0; i < 3; i++ {
		if err := mergeSettingsFile(path, "/a/mutator-gate"); err != nil {
			t.Fatal(err)
		}
	}
	// A new gate path replaces the old one rather than adding to it.
	if err := mergeSettingsFile(path, "/b/mutator-gate"); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if strings.Count(string(data), "mutator-gate") != 4 || strings.Contains(string(data), "/a/mutator-gate") || !strings.Contains(string(data), "/bin/true") {
		t.Errorf("after merges:\n%s", data)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640 kept", st.Mode().Perm())
	}
	s, mode, err := readSettingsFile(path)
	if err != nil || !removeGate(s) {
		t.Fatal(err)
	}
	writeSettingsFile(path, s, mode)
	data, _ = os.ReadFile(path)
	if strings.Contains(string(data), "mutator-gate") || !strings.Contains(string(data), "/bin/true") || !strings.Contains(string(data), `"model": "x"`) {
		t.Errorf("after removal:\n%s", data)
	}

	link := filepath.Join(dir, "link.json")
	os.Symlink(path, link)
	if err := mergeSettingsFile(link, "/a/mutator-gate"); !errors.Is(err, ErrRefused) {
		t.Errorf("symlink: %v", err)
	}
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"a":`), 0o600)
	if err := mergeSettingsFile(bad, "/a/mutator-gate"); !errors.Is(err, ErrRefused) {
		t.Errorf("malformed: %v", err)
	}
	if b, _ := os.ReadFile(bad); string(b) != `{"a":` {
		t.Errorf("a malformed file was rewritten: %s", b)
	}
}

func TestResolveBinary(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good")
	os.WriteFile(good, []byte("#!/bin/sh\n"), 0o755)
	noexec := filepath.Join(dir, "noexec")
	os.WriteFile(noexec, []byte("#!/bin/sh\n"), 0o644)
	os.Symlink(filepath.Join(dir, "b"), filepath.Join(dir, "a"))
	os.Symlink(filepath.Join(dir, "a"), filepath.Join(dir, "b"))
	os.Symlink(filepath.Join(dir, "gone"), filepath.Join(dir, "dangling"))
	os.Symlink(good, filepath.Join(dir, "togood"))
	for bin, want := range map[string]string{
		good: "", filepath.Join(dir, "togood"): "",
		noexec: "not executable", filepath.Join(dir, "a"): "symlink loop",
		filepath.Join(dir, "dangling"): "dangling symlink", filepath.Join(dir, "missing"): "does not exist",
		dir: "is a folder",
	} {
		_, err := resolveBinary("claude", bin)
		if want == "" {
			if err != nil {
				t.Errorf("%s: %v", bin, err)
			}
			continue
		}
		if !errors.Is(err, ErrRuntimeBinary) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", bin, err, want)
		}
	}
}

// fakeBroker answers status and register and records every request.
type fakeBroker struct {
	socket string
	mu     sync.Mutex
	reqs   []wire.Request
	// refuse, when set, is the reply to every register.
	refuse *wire.Reply
}

func startFakeBroker(t *testing.T) *fakeBroker {
	dir, err := os.MkdirTemp("", "lg-launch")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	fb := &fakeBroker{socket: filepath.Join(dir, "s", "b.sock")}
	os.MkdirAll(filepath.Dir(fb.socket), 0o700)
	ln, err := net.Listen("unix", fb.socket)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				sc := bufio.NewScanner(c)
				for sc.Scan() {
					var req wire.Request
					json.Unmarshal(sc.Bytes(), &req)
					fb.mu.Lock()
					fb.reqs = append(fb.reqs, req)
					fb.mu.Unlock()
					rep := wire.Reply{V: 1, OK: true}
					if req.Op == wire.OpRegister {
						rep.Session, rep.Generation = "s-1", 7
						fb.mu.Lock()
						if fb.refuse != nil {
							rep = *fb.refuse
						}
						fb.mu.Unlock()
					}
					b, _ := json.Marshal(rep)
					c.Write(append(b, '\n'))
				}
			}()
		}
	}()
	return fb
}

func (fb *fakeBroker) ops() []string {
	fb.mu.Lock()
	defer fb.mu.Unlock()
	var out []string
	for _, r := range fb.reqs {
		out = append(out, r.Op)
	}
	return out
}

type execCall struct {
	argv0 string
	argv  []string
	env   []string
}

// testDeps runs launches against fb with a recording Exec. The "installed"
// folder holds mutator-gate (and launch-runtime, as the executable).
func testDeps(t *testing.T, fb *fakeBroker, environ []string) (Deps, *execCall, *bytes.Buffer) {
	dir := t.TempDir()
	for _, n := range []string{"launch-runtime", "mutator-gate"} {
		os.WriteFile(filepath.Join(dir, n), []byte("#!/bin/sh\n"), 0o755)
	}
	call := &execCall{}
	var stderr bytes.Buffer
	return Deps{
		Environ:     func() []string { return environ },
		Executable:  func() (string, error) { return filepath.Join(dir, "launch-runtime"), nil },
		Getpid:      func() int { return 4242 },
		SocketPath:  func() (string, error) { return fb.socket, nil },
		StartBroker: func(string, string) error { return errors.New("no broker in unit tests") },
		Exec: func(argv0 string, argv, env []string) error {
			*call = execCall{argv0, argv, env}
			return nil
		},
		Stdout: &stderr,
		Stderr: &stderr,
	}, call, &stderr
}

func fakeRuntime(t *testing.T, name, version string) string {
	p := filepath.Join(t.TempDir(), name)
	os.WriteFile(p, []byte("#!/bin/sh\necho '"+version+"'\n"), 0o755)
	return p
}

func TestRunClaude(t *testing.T) {
	fb := startFakeBroker(t)
	env := []string{"PATH=/usr/bin:/bin", "HOME=/h", "CLAUDE_CODE_SIMPLE=1", "CLAUDE_CODE_SAFE_MODE=1",
		"CLAUDE_CONFIG_DIR=/elsewhere", "LEASEGATE_SESSION_ID=forged", "LEASEGATE_GENERATION=99", "KEEP=me"}
	deps, call, stderr := testDeps(t, fb, env)
	bin := fakeRuntime(t, "claude", "2.1.328 (Claude Code)")
	code := Run(deps, []string{"--runtime", "claude", "--dangerous", "--allow-tools", "Read,Bash", "--bin", bin, "--", "-p", "hi"})
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if call.argv0 != bin || call.argv[0] != bin || call.argv[1] != "--settings" ||
		call.argv[3] != "--dangerously-skip-permissions" || !reflect.DeepEqual(call.argv[4:], []string{"-p", "hi"}) {
		t.Errorf("argv %q", call.argv)
	}
	if st, err := os.Stat(call.argv[2]); err != nil || st.Mode().Perm() != 0o444 || !strings.HasPrefix(call.argv[2], filepath.Dir(fb.socket)) {
		t.Errorf("settings file %s: %v %v", call.argv[2], st, err)
	}
	want := []string{"PATH=/usr/bin:/bin", "HOME=/h", "KEEP=me", "LEASEGATE_SESSION_ID=s-1", "LEASEGATE_GENERATION=7"}
	if !reflect.DeepEqual(call.env, want) {
		t.Errorf("env %q, want %q", call.env, want)
	}
	if !reflect.DeepEqual(fb.ops(), []string{wire.OpStatus, wire.OpRegister}) {
		t.Errorf("ops %q", fb.ops())
	}
	reg := fb.reqs[1]
	if reg.PID != 4242 || reg.Runtime != "claude" || reg.Args["allow_tools"] != "Read,Bash" ||
		reg.Args["allow_tools_mode"] != "enforce" || reg.Args["dangerous"] != "true" {
		t.Errorf("register %+v", reg)
	}
	if files := strings.Split(reg.Args["gate_files"], "\n"); len(files) != 2 ||
		!strings.HasSuffix(files[0], "/mutator-gate") || files[1] != call.argv[2] {
		t.Errorf("register %+v", reg)
	}
	requireBakedClaude(t, call.argv[2], fb.socket)
}

func TestRunPi(t *testing.T) {
	fb := startFakeBroker(t)
	deps, call, stderr := testDeps(t, fb, []string{"PATH=/bin", "CLAUDE_CODE_SIMPLE=1"})
	bin := fakeRuntime(t, "pi", "0.73.1")
	if code := Run(deps, []string{"--runtime", "pi", "--bin", bin, "-p", "hi"}); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if len(call.argv) != 6 || call.argv[1] != "-ne" || call.argv[2] != "-e" || !strings.HasSuffix(call.argv[3], "/gate.ts") {
		t.Fatalf("argv %q", call.argv)
	}
	ext, _ := os.ReadFile(call.argv[3])
	gate := filepath.Join(filepath.Dir(call.argv0), "mutator-gate")
	if !bytes.Contains(ext, []byte(`const GATE: string = "`)) || bytes.Contains(ext, []byte("__LEASEGATE")) || !bytes.Contains(ext, []byte("/mutator-gate\"")) {
		t.Errorf("extension not filled in (%s):\n%.300s", gate, ext)
	}
	want, err := json.Marshal(wantIdentity(t, fb.socket))
	require.NoError(t, err)
	assert.Contains(t, string(ext), "const GATE_ARGS: string[] = "+string(want)+";")
}

// Every refusal and broken binary is found before the broker hears of the
// launch: no registration is left behind.
func TestRefusalsRegisterNothing(t *testing.T) {
	fb := startFakeBroker(t)
	deps, _, _ := testDeps(t, fb, []string{"PATH=/bin"})
	claude := fakeRuntime(t, "claude", "2.1.328 (Claude Code)")
	notClaude := fakeRuntime(t, "claude", "9.9.9")
	cfg := t.TempDir()
	os.WriteFile(filepath.Join(cfg, "settings.json"), []byte("{nope"), 0o600)
	for _, args := range [][]string{
		{"--runtime", "claude", "--bin", claude, "--", "--bare"},
		{"--runtime", "claude", "--bin", claude, "--", "--dangerously-skip-permissions"},
		{"--runtime", "claude", "--bin", claude, "--", "--settings", `{"disableAllHooks":true}`},
		{"--runtime", "claude", "--bin", notClaude, "--dangerous"},
		{"--runtime", "claude", "--bin", "/nonexistent/claude"},
		{"--runtime", "claude", "--bin", claude, "--config-dir", cfg},
		{"--runtime", "pi", "--dangerous"},
	} {
		if code := Run(deps, args); code == 0 {
			t.Errorf("%q launched", args)
		}
	}
	if ops := fb.ops(); len(ops) != 0 {
		t.Errorf("the broker was contacted: %q", ops)
	}
}

func TestInstallUninstall(t *testing.T) {
	fb := startFakeBroker(t)
	home := t.TempDir()
	deps, _, out := testDeps(t, fb, []string{"HOME=" + home})
	settings := filepath.Join(home, ".claude", "settings.json")
	os.MkdirAll(filepath.Dir(settings), 0o700)
	os.WriteFile(settings, []byte(`{"theme":"dark"}`), 0o600)
	for i := 0; i < 2; i++ {
		if code := Run(deps, []string{"install"}); code != 0 {
			t.Fatalf("install: %d %s", code, out)
		}
	}
	data, _ := os.ReadFile(settings)
	if strings.Count(string(data), "mutator-gate") != 4 || !strings.Contains(string(data), `"theme": "dark"`) {
		t.Errorf("settings:\n%s", data)
	}
	ext := filepath.Join(home, ".pi", "agent", "extensions", PiExtensionName)
	if _, err := os.Stat(ext); err != nil {
		t.Fatal(err)
	}
	managed := filepath.Join(t.TempDir(), "managed-settings.json")
	if code := Run(deps, []string{"install", "--managed", "--claude-settings", managed}); code != 0 {
		t.Fatalf("managed install: %s", out)
	}
	if d, _ := os.ReadFile(managed); !strings.Contains(string(d), "mutator-gate") {
		t.Errorf("managed settings:\n%s", d)
	}
	for i := 0; i < 2; i++ {
		if code := Run(deps, []string{"uninstall"}); code != 0 {
			t.Fatalf("uninstall: %s", out)
		}
	}
	data, _ = os.ReadFile(settings)
	if strings.Contains(string(data), "mutator-gate") || !strings.Contains(string(data), `"theme": "dark"`) {
		t.Errorf("after uninstall:\n%s", data)
	}
	if _, err := os.Stat(ext); !os.IsNotExist(err) {
		t.Errorf("extension left: %v", err)
	}
	// A malformed settings file is refused and left as it was.
	os.WriteFile(settings, []byte(`{"theme":`), 0o600)
	if code := Run(deps, []string{"install"}); code != ExitRefused {
		t.Errorf("install over malformed settings: exit %d", code)
	}
	if d, _ := os.ReadFile(settings); string(d) != `{"theme":` {
		t.Errorf("malformed settings rewritten: %s", d)
	}
}

// TestUserSettingsBounded: a --settings file that is a FIFO (no writer:
// the open would wait forever) or /dev/zero (a read never ends) is
// refused at once instead of hanging the launch; so is one over 1 MiB.
func TestUserSettingsBounded(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	big := filepath.Join(dir, "big.json")
	require.NoError(t, os.WriteFile(big, append([]byte(`{"model":"`), make([]byte, maxSettingsBytes)...), 0o600))
	for _, f := range []string{fifo, "/dev/zero", big} {
		done := make(chan error, 1)
		go func() { _, err := loadUserSettings(f); done <- err }()
		select {
		case err := <-done:
			assert.ErrorIs(t, err, ErrRefused, f)
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: loadUserSettings still reading after 5s", f)
		}
	}
}
