// Command hook measures the latency of one hook run as Claude Code sees it:
// spawn the hook, feed it a PreToolUse event on stdin, wait for its exit
// status. It compares mutator-gate with /bin/true (the floor: spawning a
// process that does nothing) and with equivalent Python and Node.js hooks
// that make the same authorize round trip to the same broker.
//
//	go build -o /tmp/lg ./cmd/... && go run ./bench/hook -bin /tmp/lg -n 1000
//
// It starts its own lease-broker on a private socket and registers itself
// as the runtime, so the hooks it spawns are that runtime's children, as
// they are under Claude Code.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/leasegate/leasegate/lease/wire"
)

func main() {
	bin := flag.String("bin", "", "folder with mutator-gate and lease-broker")
	n := flag.Int("n", 1000, "hook runs per row")
	goOnly := flag.Bool("go-only", false, "skip the Python and Node.js rows")
	flag.Parse()
	if err := run(*bin, *n, *goOnly); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

type row struct {
	name      string
	argv      []string
	ev        string
	want      int
	noSession bool // run without the session identity: the gate answers without asking the broker
}

func run(bin string, n int, goOnly bool) error {
	if bin == "" {
		return fmt.Errorf("-bin is required")
	}
	dir, err := os.MkdirTemp("", "lg-bench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	sock := filepath.Join(dir, "s", "b.sock")
	brk := exec.Command(filepath.Join(bin, "lease-broker"), "serve", "--foreground", "--socket", sock, "--audit", filepath.Join(dir, "audit.jsonl"))
	if err := brk.Start(); err != nil {
		return err
	}
	defer func() { _ = brk.Process.Kill(); _ = brk.Wait() }()
	ctx := context.Background()
	var c *wire.Client
	for i := 0; i < 200; i++ {
		if c, err = wire.Dial(ctx, sock); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		return err
	}
	rep, err := c.Do(ctx, wire.Request{Op: wire.OpRegister, Runtime: "claude", PID: os.Getpid()})
	c.Close()
	if err != nil || !rep.OK {
		return fmt.Errorf("register: %v %+v", err, rep)
	}
	env := append(os.Environ(), "LEASEGATE_SOCKET="+sock, "LEASEGATE_SESSION_ID="+rep.Session,
		"LEASEGATE_GENERATION="+strconv.FormatUint(rep.Generation, 10))

	_, self, _, _ := runtime.Caller(0)
	here := filepath.Dir(self)
	read := `{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"/etc/hosts"}}`
	bash := `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"touch x"}}`
	gate := filepath.Join(bin, "mutator-gate")
	// The interpreter itself, not a version-manager shim in front of it.
	python := "python3"
	if out, err := exec.Command("python3", "-c", "import sys; print(sys.executable)").Output(); err == nil {
		python = string(bytes.TrimSpace(out))
	}
	node := "node"
	if p, err := exec.LookPath("node"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			node = real
		}
	}
	rows := []row{
		{"/bin/true (floor)", []string{"/bin/true"}, read, 0, false},
		{"mutator-gate, no session (no round trip)", []string{gate, "gate"}, read, 2, true},
		{"mutator-gate, allow (Read)", []string{gate, "gate"}, read, 0, false},
		{"mutator-gate, deny (Bash, unverified)", []string{gate, "gate"}, bash, 2, false},
		{"python3 hook, allow", []string{python, filepath.Join(here, "hook.py")}, read, 0, false},
		{"python3 hook, deny", []string{python, filepath.Join(here, "hook.py")}, bash, 2, false},
		{"node hook, allow", []string{node, filepath.Join(here, "hook.js")}, read, 0, false},
		{"node hook, deny", []string{node, filepath.Join(here, "hook.js")}, bash, 2, false},
	}
	fmt.Printf("| hook | runs | p50 | p99 | mean |\n| --- | ---: | ---: | ---: | ---: |\n")
	if goOnly {
		rows = rows[:4]
	}
	for _, r := range rows {
		if _, err := exec.LookPath(r.argv[0]); err != nil {
			fmt.Printf("| %s | skipped: %v | | | |\n", r.name, err)
			continue
		}
		d, err := measure(r, env, n)
		if err != nil {
			return fmt.Errorf("%s: %w", r.name, err)
		}
		sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
		var sum time.Duration
		for _, x := range d {
			sum += x
		}
		fmt.Printf("| %s | %d | %s | %s | %s |\n", r.name, len(d), ms(d[len(d)/2]), ms(d[len(d)*99/100]), ms(sum/time.Duration(len(d))))
	}
	return nil
}

func measure(r row, env []string, n int) ([]time.Duration, error) {
	out := make([]time.Duration, 0, n)
	for i := 0; i < n+10; i++ {
		cmd := exec.Command(r.argv[0], r.argv[1:]...)
		cmd.Env = env
		if r.noSession {
			cmd.Env = nil
			for _, kv := range env {
				if !strings.HasPrefix(kv, "LEASEGATE_SESSION_ID=") {
					cmd.Env = append(cmd.Env, kv)
				}
			}
		}
		cmd.Stdin = bytes.NewReader([]byte(r.ev))
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		start := time.Now()
		err := cmd.Run()
		el := time.Since(start)
		status := 0
		if ee, ok := err.(*exec.ExitError); ok {
			status = ee.ExitCode()
		} else if err != nil {
			return nil, err
		}
		if status != r.want {
			return nil, fmt.Errorf("exit %d, want %d: %s", status, r.want, stderr.String())
		}
		if i >= 10 { // warm-up runs are not counted
			out = append(out, el)
		}
	}
	return out, nil
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond)) }
