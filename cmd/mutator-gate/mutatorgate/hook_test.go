package mutatorgate_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/leasegate/leasegate/lease/wire"
)

// gateBin is mutator-gate built once for the package: the exit status the
// runtime sees is the real process's, panics and all.
var gateBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "lg-hook-bin")
	if err != nil {
		panic(err)
	}
	gateBin = filepath.Join(dir, "mutator-gate")
	out, err := exec.Command("go", "build", "-o", gateBin, "github.com/leasegate/leasegate/cmd/mutator-gate").CombinedOutput()
	if err != nil {
		os.Stderr.Write(out)
		panic(err)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// fakeBroker answers every request line with behave(req). A nil line from
// behave means: never answer (a hung broker).
type fakeBroker struct {
	path string
	ln   net.Listener

	mu   sync.Mutex
	reqs []wire.Request
}

func startFake(t *testing.T, behave func(wire.Request) []byte) *fakeBroker {
	t.Helper()
	dir, err := os.MkdirTemp("", "lg-fake")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	fb := &fakeBroker{path: filepath.Join(dir, "b.sock")}
	fb.ln, err = net.Listen("unix", fb.path)
	if err != nil {
		t.Fatal(err)
	}
	hold := make(chan struct{})
	t.Cleanup(func() { close(hold); fb.ln.Close() })
	go func() {
		for {
			c, err := fb.ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				sc := bufio.NewScanner(c)
				sc.Buffer(make([]byte, 0, 1<<16), 1<<20)
				for sc.Scan() {
					var req wire.Request
					_ = json.Unmarshal(sc.Bytes(), &req)
					fb.mu.Lock()
					fb.reqs = append(fb.reqs, req)
					fb.mu.Unlock()
					line := behave(req)
					if line == nil {
						<-hold
						return
					}
					if len(line) == 0 {
						return // close without answering
					}
					if _, err := c.Write(line); err != nil {
						return
					}
				}
			}()
		}
	}()
	return fb
}

func (fb *fakeBroker) requests() []wire.Request {
	fb.mu.Lock()
	defer fb.mu.Unlock()
	return append([]wire.Request(nil), fb.reqs...)
}

func reply(r wire.Reply) []byte {
	b, _ := json.Marshal(r)
	return append(b, '\n')
}

func allowAll(wire.Request) []byte { return reply(wire.Reply{V: 1, OK: true, Allow: true}) }

type run struct {
	status         int
	stdout, stderr string
}

// runGate runs the built binary with env (nothing inherited but PATH) and stdin.
func runGate(t *testing.T, env map[string]string, stdin []byte, args ...string) run {
	t.Helper()
	cmd := exec.Command(gateBin, args...)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH")}
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	status := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		status = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return run{status, out.String(), errb.String()}
}

// bakedArgs is the command line launch-runtime writes for session s-test,
// generation 1, on sock, served by this test process, then extra.
func bakedArgs(t *testing.T, sock string, extra ...string) []string {
	t.Helper()
	return append([]string{"--session", "s-test", "--generation", "1", "--socket", sock, "--broker", self(t).String()}, extra...)
}

// self is this test process, which serves every fake broker.
func self(t *testing.T) wire.Process {
	t.Helper()
	st, err := wire.ReadProcStat(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	return wire.Process{PID: st.PID, Start: st.Start}
}

// sessionEnv is the identity in the environment, which only a copy of the
// hook installed without identity reads.
func sessionEnv(sock string) map[string]string {
	return map[string]string{
		"LEASEGATE_SOCKET":     sock,
		"LEASEGATE_SESSION_ID": "s-test",
		"LEASEGATE_GENERATION": "1",
	}
}

const bashEvent = `{"session_id":"c","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"touch x"}}`

// TestGateFailsClosed is the fail-closed table: every way the gate can go
// wrong ends in exit 2 with a one-line reason that starts with the code.
func TestGateFailsClosed(t *testing.T) {
	hung := startFake(t, func(wire.Request) []byte { return nil })
	garbage := startFake(t, func(wire.Request) []byte { return []byte("this is not json\n") })
	closer := startFake(t, func(wire.Request) []byte { return []byte{} })
	wrongV := startFake(t, func(wire.Request) []byte { return reply(wire.Reply{V: 99, OK: true, Allow: true}) })
	noV := startFake(t, func(wire.Request) []byte { return []byte(`{"ok":true,"allow":true}` + "\n") })
	longLine := startFake(t, func(wire.Request) []byte {
		return append(bytes.Repeat([]byte(" "), wire.MaxReplyBytes+10), []byte(`{"v":1,"ok":true,"allow":true}`+"\n")...)
	})
	deny := func(code wire.Code) *fakeBroker {
		return startFake(t, func(wire.Request) []byte {
			return reply(wire.Reply{V: 1, OK: true, Allow: false, Code: code, Error: "lease is\nnot verified"})
		})
	}
	refuse := func(code wire.Code) *fakeBroker {
		return startFake(t, func(wire.Request) []byte {
			return reply(wire.Reply{V: 1, OK: false, Code: code, Error: "no such session"})
		})
	}
	okNoAllow := startFake(t, func(wire.Request) []byte { return reply(wire.Reply{V: 1, OK: true}) })
	allow := startFake(t, allowAll)

	huge := []byte(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"` +
		strings.Repeat("a", MaxEventBytesForTest) + `"}}`)
	bigCommand := []byte(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"` +
		strings.Repeat("a", wire.MaxLineBytes) + `"}}`)

	rows := []struct {
		name  string
		env   map[string]string
		stdin []byte
		args  []string
		code  wire.Code
	}{
		{"no session env", map[string]string{"LEASEGATE_SOCKET": allow.path}, []byte(bashEvent), nil, wire.CodeGateUnavailable},
		{"no session env, read", map[string]string{"LEASEGATE_SOCKET": allow.path}, []byte(`{"tool_name":"Read","tool_input":{"file_path":"/etc/hosts"}}`), nil, wire.CodeGateUnavailable},
		{"session without generation", map[string]string{"LEASEGATE_SOCKET": allow.path, "LEASEGATE_SESSION_ID": "s"}, []byte(bashEvent), nil, wire.CodeGateUnavailable},
		{"generation not a number", map[string]string{"LEASEGATE_SOCKET": allow.path, "LEASEGATE_SESSION_ID": "s", "LEASEGATE_GENERATION": "x1"}, []byte(bashEvent), nil, wire.CodeGateUnavailable},
		{"wrong generation", sessionEnv(deny(wire.CodeGenerationMismatch).path), []byte(bashEvent), nil, wire.CodeGenerationMismatch},
		{"lease not verified", sessionEnv(deny(wire.CodeLeaseNotVerified).path), []byte(bashEvent), nil, wire.CodeLeaseNotVerified},
		{"lease expired", sessionEnv(deny(wire.CodeLeaseExpired).path), []byte(bashEvent), nil, wire.CodeLeaseExpired},
		{"policy denied", sessionEnv(deny(wire.CodePolicyDenied).path), []byte(bashEvent), nil, wire.CodePolicyDenied},
		{"unknown session", sessionEnv(refuse(wire.CodeUnknownSession).path), []byte(bashEvent), nil, wire.CodeUnknownSession},
		{"unknown tool denied by broker", sessionEnv(deny(wire.CodeLeaseNotVerified).path), []byte(`{"tool_name":"FrobnicateRepo","tool_input":{}}`), nil, wire.CodeLeaseNotVerified},
		{"mcp tool denied by broker", sessionEnv(deny(wire.CodeLeaseNotVerified).path), []byte(`{"tool_name":"mcp__github__create_pr","tool_input":{"title":"x"}}`), nil, wire.CodeLeaseNotVerified},
		{"denial with unknown code", sessionEnv(deny("MAYBE").path), []byte(bashEvent), nil, wire.CodeGateUnavailable},
		{"refusal without code", sessionEnv(refuse("").path), []byte(bashEvent), nil, wire.CodeGateUnavailable},
		{"ok without allow", sessionEnv(okNoAllow.path), []byte(bashEvent), nil, wire.CodeGateUnavailable},
		{"broker down", sessionEnv(filepath.Join(t.TempDir(), "nobody.sock")), []byte(bashEvent), nil, wire.CodeGateUnavailable},
		{"broker hung", sessionEnv(hung.path), []byte(bashEvent), []string{"--deadline", "300ms"}, wire.CodeGateUnavailable},
		{"broker hung, default deadline", sessionEnv(hung.path), []byte(bashEvent), nil, wire.CodeGateUnavailable},
		{"garbage reply", sessionEnv(garbage.path), []byte(bashEvent), nil, wire.CodeGateUnavailable},
		{"connection closed", sessionEnv(closer.path), []byte(bashEvent), nil, wire.CodeGateUnavailable},
		{"reply of another version", sessionEnv(wrongV.path), []byte(bashEvent), nil, wire.CodeGateUnavailable},
		{"reply without version", sessionEnv(noV.path), []byte(bashEvent), nil, wire.CodeGateUnavailable},
		{"reply line too long", sessionEnv(longLine.path), []byte(bashEvent), nil, wire.CodeGateUnavailable},
		{"empty stdin", sessionEnv(allow.path), nil, nil, wire.CodeGateUnavailable},
		{"blank stdin", sessionEnv(allow.path), []byte(" \n\t"), nil, wire.CodeGateUnavailable},
		{"garbage stdin", sessionEnv(allow.path), []byte("rm -rf /"), nil, wire.CodeGateUnavailable},
		{"truncated json", sessionEnv(allow.path), []byte(`{"tool_name":"Read"`), nil, wire.CodeGateUnavailable},
		{"json array", sessionEnv(allow.path), []byte(`[{"tool_name":"Read"}]`), nil, wire.CodeGateUnavailable},
		{"two objects", sessionEnv(allow.path), []byte(`{"tool_name":"Read"} {"tool_name":"Bash"}`), nil, wire.CodeGateUnavailable},
		{"tool_name not a string", sessionEnv(allow.path), []byte(`{"tool_name":7}`), nil, wire.CodeGateUnavailable},
		{"no tool_name", sessionEnv(allow.path), []byte(`{"hook_event_name":"PreToolUse","tool_input":{}}`), nil, wire.CodeGateUnavailable},
		{"tool_input not an object", sessionEnv(allow.path), []byte(`{"tool_name":"Bash","tool_input":"rm -rf /"}`), nil, wire.CodeGateUnavailable},
		{"not utf-8", sessionEnv(allow.path), []byte("{\"tool_name\":\"Bash\xff\"}"), nil, wire.CodeGateUnavailable},
		{"huge stdin", sessionEnv(allow.path), huge, nil, wire.CodeGateUnavailable},
		{"command too large to check", sessionEnv(allow.path), bigCommand, nil, wire.CodeGateUnavailable},
		{"unknown mode", sessionEnv(allow.path), []byte(bashEvent), []string{"approve"}, wire.CodeGateUnavailable},
		{"two modes", sessionEnv(allow.path), []byte(bashEvent), []string{"gate", "compact"}, wire.CodeGateUnavailable},
		{"two modes ending in tap", sessionEnv(allow.path), []byte(bashEvent), []string{"gate", "tap"}, wire.CodeGateUnavailable},
		{"bad flag", sessionEnv(allow.path), []byte(bashEvent), []string{"--allow"}, wire.CodeGateUnavailable},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			start := time.Now()
			got := runGate(t, row.env, row.stdin, row.args...)
			if got.status != 2 {
				t.Fatalf("exit %d, want 2 (stderr %q)", got.status, got.stderr)
			}
			if !strings.HasPrefix(got.stderr, string(row.code)+": ") {
				t.Errorf("stderr %q does not start with %s", got.stderr, row.code)
			}
			if strings.Count(got.stderr, "\n") != 1 || !strings.HasSuffix(got.stderr, "\n") {
				t.Errorf("stderr is not one line: %q", got.stderr)
			}
			if got.stdout != "" {
				t.Errorf("stdout %q, want nothing (the gate never answers with JSON)", got.stdout)
			}
			if el := time.Since(start); el > 8*time.Second {
				t.Errorf("took %v; the deadline must stay far below the hook timeout", el)
			}
		})
	}
}

// MaxEventBytesForTest mirrors hook.MaxEventBytes for the external test package.
const MaxEventBytesForTest = 4 << 20

func TestGateAllowsAndForwards(t *testing.T) {
	fb := startFake(t, allowAll)
	ev := `{"hook_event_name":"PreToolUse","tool_name":"Edit","agent_id":"a-1","agent_type":"verifier","cwd":"/repo",` +
		`"tool_input":{"file_path":"/x","old_string":"a","new_string":"b"}}`
	got := runGate(t, sessionEnv(fb.path), []byte(ev))
	if got.status != 0 || got.stderr != "" || got.stdout != "" {
		t.Fatalf("got %+v, want a silent exit 0", got)
	}
	reqs := fb.requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests, want 1", len(reqs))
	}
	r := reqs[0]
	if r.Op != wire.OpAuthorize || r.Session != "s-test" || r.Generation != 1 || r.Tool != "Edit" ||
		r.AgentID != "a-1" || r.AgentType != "verifier" || r.Event != "PreToolUse" || r.Cwd != "/repo" || r.V != wire.ProtocolVersion {
		t.Errorf("request %+v", r)
	}
	if string(r.ToolInput) != `{"file_path":"/x","old_string":"a","new_string":"b"}` {
		t.Errorf("tool_input %s", r.ToolInput)
	}
}

// A Write of a large file is still checked: its body is cut, its path kept.
func TestGateCutsLargeBodies(t *testing.T) {
	fb := startFake(t, allowAll)
	ev := `{"tool_name":"Write","tool_input":{"file_path":"/repo/big.txt","content":"` + strings.Repeat("é", 200000) + `"}}`
	got := runGate(t, sessionEnv(fb.path), []byte(ev))
	if got.status != 0 {
		t.Fatalf("got %+v", got)
	}
	var in map[string]any
	if err := json.Unmarshal(fb.requests()[0].ToolInput, &in); err != nil {
		t.Fatal(err)
	}
	if in["file_path"] != "/repo/big.txt" || in["leasegate_truncated"] != true || len(in["content"].(string)) > 256 {
		t.Errorf("forwarded %v", in)
	}
}

func TestTapNeverBlocksOrSpeaks(t *testing.T) {
	fb := startFake(t, allowAll)
	hung := startFake(t, func(wire.Request) []byte { return nil })
	garbage := startFake(t, func(wire.Request) []byte { return []byte("{{\n") })
	rows := []struct {
		name  string
		env   map[string]string
		stdin string
		args  []string
	}{
		{"ok", nil, `{"hook_event_name":"PostToolUse","tool_name":"Bash","agent_id":"a","agent_type":"t","tool_input":{"command":"ls"}}`, bakedArgs(t, fb.path, "tap")},
		{"no identity", map[string]string{"LEASEGATE_SOCKET": fb.path}, `{"tool_name":"Bash"}`, []string{"tap"}},
		// A copy installed without identity taps nothing, even with the
		// session in its environment: the session's own hook taps.
		{"installed copy", sessionEnv(fb.path), `{"tool_name":"Bash"}`, []string{"tap"}},
		{"partial identity", nil, `{"tool_name":"Bash"}`, []string{"--session", "s-test", "tap"}},
		{"garbage stdin", nil, `not json`, bakedArgs(t, fb.path, "tap")},
		{"empty stdin", nil, ``, bakedArgs(t, fb.path, "tap")},
		{"broker down", nil, `{"tool_name":"Bash"}`, bakedArgs(t, "/nonexistent/b.sock", "tap")},
		{"broker hung", nil, `{"tool_name":"Bash"}`, bakedArgs(t, hung.path, "--deadline", "200ms", "tap")},
		{"garbage reply", nil, `{"tool_name":"Bash"}`, bakedArgs(t, garbage.path, "tap")},
		{"bad flag", nil, `{"tool_name":"Bash"}`, bakedArgs(t, fb.path, "--nope", "tap")},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			got := runGate(t, row.env, []byte(row.stdin), row.args...)
			if got.status != 0 || got.stdout != "" || got.stderr != "" {
				t.Fatalf("got %+v, want a silent exit 0", got)
			}
		})
	}
	var taps int
	for _, r := range fb.requests() {
		if r.Op == wire.OpTap {
			taps++
			if r.Tool != "Bash" || r.AgentID != "a" || r.AgentType != "t" || r.Event != "PostToolUse" {
				t.Errorf("tap request %+v", r)
			}
		}
		if r.Op == wire.OpAuthorize {
			t.Errorf("the tap asked to authorize: %+v", r)
		}
	}
	if taps != 1 {
		t.Errorf("%d taps recorded, want 1", taps)
	}
}

func TestCompactionRevokes(t *testing.T) {
	fb := startFake(t, func(wire.Request) []byte { return reply(wire.Reply{V: 1, OK: true}) })
	for _, c := range []struct {
		name, stdin, mode, wantOp string
	}{
		{"PreCompact", `{"hook_event_name":"PreCompact","trigger":"auto"}`, "compact", wire.OpCompact},
		{"SessionStart compact", `{"hook_event_name":"SessionStart","source":"compact"}`, "session-start", wire.OpCompact},
		{"SessionStart startup", `{"hook_event_name":"SessionStart","source":"startup"}`, "session-start", wire.OpSessionStart},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := len(fb.requests())
			got := runGate(t, sessionEnv(fb.path), []byte(c.stdin), c.mode)
			if got.status != 0 || got.stdout != "" {
				t.Fatalf("got %+v", got)
			}
			reqs := fb.requests()[before:]
			if len(reqs) != 1 || reqs[0].Op != c.wantOp || reqs[0].Session != "s-test" {
				t.Fatalf("requests %+v, want one %s", reqs, c.wantOp)
			}
		})
	}
	// A compaction that cannot be recorded blocks the compaction itself.
	got := runGate(t, sessionEnv("/nonexistent/b.sock"), []byte(`{"hook_event_name":"PreCompact"}`), "compact")
	if got.status != 2 || !strings.HasPrefix(got.stderr, "GATE_UNAVAILABLE: ") {
		t.Errorf("unrecorded compaction: %+v, want exit 2", got)
	}
	// Outside a session there is no lease to revoke.
	got = runGate(t, map[string]string{"LEASEGATE_SOCKET": fb.path}, []byte(`{"hook_event_name":"PreCompact"}`), "compact")
	if got.status != 0 {
		t.Errorf("compaction without a session: %+v, want exit 0", got)
	}
}
