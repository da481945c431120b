package broker_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/leasegate/leasegate/cmd/lease-broker/leasebroker"
	"github.com/leasegate/leasegate/cmd/mutator-gate/mutatorgate"
	"github.com/leasegate/leasegate/lease/broker"
	"github.com/leasegate/leasegate/lease/wire"
)

// The test binary re-executes itself as helper processes: a runtime that
// registers and then acts from inside its own process tree, a one-shot
// client (possibly as another user), a broker process, a load generator.
const envMode = "LGTEST_MODE"

func TestMain(m *testing.M) {
	switch os.Getenv(envMode) {
	case "":
		os.Exit(m.Run())
	case "client":
		helperClient()
	case "runtime":
		helperRuntime()
	case "broker":
		// argv as lease-broker would get it; a detached serve re-executes
		// this binary with its own argv, so this must not read the env.
		os.Exit(leasebroker.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	case "load":
		helperLoad()
	case "hook":
		os.Exit(mutatorgate.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	default:
		fmt.Fprintln(os.Stderr, "unknown helper mode")
		os.Exit(99)
	}
	os.Exit(0)
}

// result is what a helper prints for one request.
type result struct {
	Reply       wire.Reply `json:"reply"`
	Err         string     `json:"err,omitempty"`
	Unavailable bool       `json:"unavailable,omitempty"`
	// For a hook run: its exit status, stderr, and the code stderr starts with.
	Exit   int       `json:"exit,omitempty"`
	Stderr string    `json:"stderr,omitempty"`
	Code   wire.Code `json:"code,omitempty"`
}

func doOnce(sock string, req wire.Request) result {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := wire.Dial(ctx, sock)
	if err != nil {
		return result{Err: err.Error(), Unavailable: errorsIsUnavailable(err)}
	}
	defer c.Close()
	rep, err := c.Do(ctx, req)
	if err != nil {
		return result{Err: err.Error(), Unavailable: errorsIsUnavailable(err)}
	}
	return result{Reply: rep}
}

func helperClient() {
	var req wire.Request
	if err := json.Unmarshal([]byte(os.Getenv("LGTEST_REQ")), &req); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(98)
	}
	json.NewEncoder(os.Stdout).Encode(doOnce(os.Getenv("LGTEST_SOCKET"), req))
}

// helperCmd is one instruction to a runtime helper.
type helperCmd struct {
	Via string       `json:"via"` // "self" or "child"
	Req wire.Request `json:"req"`
	// Hammer, when > 0, runs that many goroutines authorizing Bash until
	// the next stdin line, then reports the send time of the last allow.
	Hammer int `json:"hammer,omitempty"`
}

type hammerResult struct {
	Calls         int   `json:"calls"`
	LastAllowSent int64 `json:"last_allow_sent"`
	FirstSent     int64 `json:"first_sent"`
	Errors        int   `json:"errors"`
	// For a stop line "stop NS": calls sent after NS (unix nanoseconds),
	// and how many of them were allowed.
	CallsAfter  int `json:"calls_after"`
	AllowsAfter int `json:"allows_after"`

	sends  []int64
	allows []bool
}

func helperRuntime() {
	sock := os.Getenv("LGTEST_SOCKET")
	out := json.NewEncoder(os.Stdout)
	req := wire.Request{Op: wire.OpRegister, Runtime: os.Getenv("LGTEST_RUNTIME"), PID: os.Getpid()}
	if c := os.Getenv("LGTEST_CONFINEMENT"); c != "" {
		req.Args = map[string]string{wire.ArgConfinement: c}
	}
	reg := doOnce(sock, req)
	out.Encode(reg)
	// The broker process, as launch-runtime learns it at registration: the
	// peer of its connection.
	var brokerProc wire.Process
	if c, err := wire.Dial(context.Background(), sock); err == nil {
		brokerProc, _ = c.Peer()
		c.Close()
	}
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		var hc helperCmd
		if err := json.Unmarshal(sc.Bytes(), &hc); err != nil {
			out.Encode(result{Err: err.Error()})
			continue
		}
		if hc.Hammer > 0 {
			out.Encode(hammer(sock, hc.Req, hc.Hammer, sc))
			continue
		}
		if hc.Via == "hook" {
			// Run the real mutator-gate as a child: Event is its mode,
			// ToolInput the hook event it reads on stdin.
			// The identity is on its command line, as launch-runtime
			// writes it into the session's settings.
			cmd := exec.Command(os.Args[0], "--session", hc.Req.Session,
				"--generation", strconv.FormatUint(hc.Req.Generation, 10),
				"--socket", sock, "--broker", brokerProc.String(), hc.Req.Event)
			cmd.Env = append(os.Environ(), envMode+"=hook")
			cmd.Stdin = bytes.NewReader(hc.Req.ToolInput)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			_ = cmd.Run()
			code, _, _ := strings.Cut(stderr.String(), " ")
			out.Encode(result{Exit: cmd.ProcessState.ExitCode(), Stderr: stderr.String(), Code: wire.Code(strings.TrimRight(code, ":\n"))})
			continue
		}
		if hc.Via == "child" {
			b, _ := json.Marshal(hc.Req)
			cmd := exec.Command(os.Args[0])
			cmd.Env = append(os.Environ(), envMode+"=client", "LGTEST_REQ="+string(b))
			o, err := cmd.Output()
			if err != nil {
				out.Encode(result{Err: "child: " + err.Error()})
				continue
			}
			os.Stdout.Write(o)
			continue
		}
		out.Encode(doOnce(sock, hc.Req))
	}
}

func hammer(sock string, req wire.Request, n int, sc *bufio.Scanner) hammerResult {
	var mu sync.Mutex
	var res hammerResult
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx := context.Background()
			c, err := wire.Dial(ctx, sock)
			if err != nil {
				mu.Lock()
				res.Errors++
				mu.Unlock()
				return
			}
			defer c.Close()
			for {
				select {
				case <-stop:
					return
				default:
				}
				sent := time.Now().UnixNano()
				rep, err := c.Do(ctx, req)
				mu.Lock()
				res.Calls++
				if res.FirstSent == 0 {
					res.FirstSent = sent
				}
				if err != nil {
					res.Errors++
				} else {
					res.sends, res.allows = append(res.sends, sent), append(res.allows, rep.Allow)
					if rep.Allow && sent > res.LastAllowSent {
						res.LastAllowSent = sent
					}
				}
				mu.Unlock()
				if err != nil {
					return
				}
			}
		}()
	}
	sc.Scan() // wait for the stop line: "stop [NS]"
	var after int64
	fmt.Sscanf(sc.Text(), "stop %d", &after)
	close(stop)
	wg.Wait()
	for i, t := range res.sends {
		if after > 0 && t > after {
			res.CallsAfter++
			if res.allows[i] {
				res.AllowsAfter++
			}
		}
	}
	return res
}

func errorsIsUnavailable(err error) bool { return errors.Is(err, wire.ErrUnavailable) }

// --- test-side harness ---

// startBroker runs an in-process broker on a fresh socket and returns it.
func startBroker(t testing.TB, cfg broker.Config) *broker.Server {
	t.Helper()
	dir := t.TempDir()
	if cfg.Socket == "" {
		cfg.Socket = filepath.Join(dir, "run", "broker.sock")
	}
	if cfg.AuditPath == "" {
		cfg.AuditPath = filepath.Join(dir, "audit.jsonl")
	}
	if cfg.VerifierUID == 0 {
		cfg.VerifierUID = broker.NoVerifier
	}
	if cfg.SweepInterval == 0 {
		cfg.SweepInterval = 50 * time.Millisecond
	}
	srv, err := broker.Listen(cfg)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(context.Background()) }()
	t.Cleanup(func() {
		srv.Close()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	return srv
}

// call sends one request from the test process (an operator: outside every
// runtime tree).
func call(t testing.TB, sock string, req wire.Request) wire.Reply {
	t.Helper()
	r := doOnce(sock, req)
	if r.Err != "" {
		t.Fatalf("%s: %s", req.Op, r.Err)
	}
	return r.Reply
}

// runtimeProc is a helper process registered as a runtime.
type runtimeProc struct {
	t       testing.TB
	cmd     *exec.Cmd
	in      io.WriteCloser
	out     *bufio.Scanner
	Session string
	Gen     uint64
}

func startRuntime(t testing.TB, sock, runtime string) *runtimeProc {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), envMode+"=runtime", "LGTEST_SOCKET="+sock, "LGTEST_RUNTIME="+runtime)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r := &runtimeProc{t: t, cmd: cmd, in: in, out: bufio.NewScanner(stdout)}
	r.out.Buffer(make([]byte, 1<<20), 16<<20)
	t.Cleanup(r.stop)
	var reg result
	r.read(&reg)
	if reg.Err != "" || !reg.Reply.OK {
		t.Fatalf("register: %+v", reg)
	}
	r.Session, r.Gen = reg.Reply.Session, reg.Reply.Generation
	return r
}

func (r *runtimeProc) read(v any) {
	r.t.Helper()
	if !r.out.Scan() {
		r.t.Fatalf("runtime helper ended: %v", r.out.Err())
	}
	if err := json.Unmarshal(r.out.Bytes(), v); err != nil {
		r.t.Fatalf("runtime helper said %q: %v", r.out.Text(), err)
	}
}

// do runs req from inside the runtime's tree: "self" is the registered
// process, "child" a process it starts.
func (r *runtimeProc) do(via string, req wire.Request) result {
	r.t.Helper()
	b, _ := json.Marshal(helperCmd{Via: via, Req: req})
	if _, err := r.in.Write(append(b, '\n')); err != nil {
		r.t.Fatal(err)
	}
	var res result
	r.read(&res)
	return res
}

func (r *runtimeProc) stop() {
	r.in.Close()
	done := make(chan struct{})
	go func() { r.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		r.cmd.Process.Kill()
		<-done
	}
}

// readAudit parses every line of an audit file and fails on a torn or
// malformed one.
func readAudit(t testing.TB, path string) []broker.Record {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > 0 && b[len(b)-1] != '\n' {
		t.Fatalf("audit log ends in a torn line: %q", b[max(0, len(b)-200):])
	}
	var recs []broker.Record
	for i, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		if line == "" {
			continue
		}
		var r broker.Record
		if err := json.Unmarshal([]byte(line), &r); err != nil || r.Kind == "" || r.Time.IsZero() {
			t.Fatalf("audit line %d is not a record: %q (%v)", i+1, line, err)
		}
		recs = append(recs, r)
	}
	return recs
}

func countKind(recs []broker.Record, kind, session string) int {
	n := 0
	for _, r := range recs {
		if r.Kind == kind && (session == "" || r.Session == session) {
			n++
		}
	}
	return n
}

// status reads the broker's status as an operator.
func status(t testing.TB, sock string) broker.Status {
	t.Helper()
	var st broker.Status
	if err := json.Unmarshal(call(t, sock, wire.Request{Op: wire.OpStatus}).Data, &st); err != nil {
		t.Fatal(err)
	}
	return st
}

// waitStatus polls the broker's counters until cond holds (at most 30 s),
// so tests wait for progress rather than for a guessed amount of time.
func waitStatus(t testing.TB, sock string, cond func(broker.Status) bool) broker.Status {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		st := status(t, sock)
		if cond(st) {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("broker counters never got there: %+v", st)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
