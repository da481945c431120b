package broker_test

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/leasegate/leasegate/lease/wire"
)

// The load test's size. The suite runs a bounded size; bench/broker-load.sh
// runs the full 200 x 1000 without the race detector.
var (
	loadSessions = flag.Int("load.sessions", 200, "concurrent sessions in TestLoad")
	loadCalls    = flag.Int("load.calls", 100, "authorizations per session in TestLoad")
	loadReport   = flag.String("load.report", "", "write TestLoad's figures as JSON to this file")
)

// loadResult is what the load generator reports.
type loadResult struct {
	Sessions  int      `json:"sessions"`
	Calls     int      `json:"calls"`
	Wrong     int      `json:"wrong"`
	Samples   []string `json:"samples,omitempty"`
	Errors    int      `json:"errors"`
	Expiries  int      `json:"expiry_checks"`
	Revokes   int      `json:"revocations"`
	P50us     float64  `json:"p50_us"`
	P99us     float64  `json:"p99_us"`
	Seconds   float64  `json:"seconds"`
	PerSecond float64  `json:"per_second"`
}

// helperLoad is the load generator. It registers N sessions anchored on
// itself, so its goroutines are inside every session's tree; it asks the
// test process (outside every tree) to verify a session by printing
// "verify IDX GEN TTL" and waits for "ok IDX". Each session runs phases of
// up to 200 calls mixing Read and Bash: verified for 300 s, verified for 1 s and
// left to expire, verified then revoked from inside, verified then
// compacted. Every decision is checked against what the worker knows.
func helperLoad() {
	sock := os.Getenv("LGTEST_SOCKET")
	n, _ := strconv.Atoi(os.Getenv("LGTEST_SESSIONS"))
	m, _ := strconv.Atoi(os.Getenv("LGTEST_CALLS"))
	ctx := context.Background()
	var outMu sync.Mutex
	say := func(format string, args ...any) {
		outMu.Lock()
		fmt.Fprintf(os.Stdout, format+"\n", args...)
		outMu.Unlock()
	}
	clients := make([]*wire.Client, n)
	sessions := make([]string, n)
	for i := range clients {
		c, err := wire.Dial(ctx, sock)
		if err != nil {
			say("fatal %v", err)
			os.Exit(1)
		}
		rep, err := c.Do(ctx, wire.Request{Op: wire.OpRegister, Runtime: "claude", PID: os.Getpid()})
		if err != nil || !rep.OK {
			say("fatal register %v %+v", err, rep)
			os.Exit(1)
		}
		clients[i], sessions[i] = c, rep.Session
	}
	b, _ := json.Marshal(sessions)
	say("sessions %s", b)
	waits := make([]chan bool, n)
	for i := range waits {
		waits[i] = make(chan bool, 1)
	}
	go func() {
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			if len(f) == 2 {
				i, _ := strconv.Atoi(f[1])
				waits[i] <- f[0] == "ok"
			}
		}
	}()
	// Phases of phaseLen calls: 200 at full size, shorter for small runs so
	// that every kind of phase still happens.
	phaseLen := max(20, min(200, m/4))
	var mu sync.Mutex
	res := loadResult{Sessions: n}
	var lat []time.Duration
	start := time.Now()
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, id := clients[i], sessions[i]
			var myLat []time.Duration
			wrong, errs, expiries, revokes := 0, 0, 0, 0
			var samples []string
			bad := func(format string, args ...any) {
				wrong++
				if len(samples) < 5 {
					samples = append(samples, fmt.Sprintf("session %d: ", i)+fmt.Sprintf(format, args...))
				}
			}
			gen := uint64(1)
			verified := false
			var vSent, vRecv time.Time
			ttl := time.Duration(0)
			authorize := func(tool string) {
				sent := time.Now()
				// Realistic inputs: the broker runs its default policy
				// on every call, as it does for a real agent.
				input := json.RawMessage(`{"file_path":"README.md"}`)
				if tool != "Read" {
					input = json.RawMessage(`{"command":"go test ./..."}`)
				}
				rep, err := c.Do(ctx, wire.Request{Op: wire.OpAuthorize, Session: id, Generation: gen, Tool: tool, ToolInput: input})
				got := time.Now()
				myLat = append(myLat, got.Sub(sent))
				if err != nil || !rep.OK {
					errs++
					bad("%s: transport %v %+v", tool, err, rep)
					return
				}
				if tool == "Read" {
					if !rep.Allow {
						bad("read denied to a live session: %+v", rep)
					}
					return
				}
				switch {
				case !verified:
					if rep.Allow {
						bad("mutator allowed while not verified")
					}
				case ttl == 300*time.Second:
					if !rep.Allow {
						bad("mutator denied under a live lease: %+v", rep)
					}
				default: // a short lease: certain only outside the fuzzy window
					if sent.After(vRecv.Add(ttl)) && rep.Allow {
						bad("mutator allowed %v after expiry", sent.Sub(vRecv.Add(ttl)))
					}
					if got.Before(vSent.Add(ttl)) && !rep.Allow {
						bad("mutator denied before expiry: %+v", rep)
					}
				}
			}
			verify := func(t time.Duration) bool {
				vSent = time.Now()
				say("verify %d %d %d", i, gen, int(t/time.Second))
				ok := <-waits[i]
				vRecv = time.Now()
				if !ok {
					errs++
					bad("verification refused")
					return false
				}
				verified, ttl = true, t
				return true
			}
			authorize("Read") // the gate calls in before any promotion
			for j := 0; j < m; j++ {
				phase, at := (i+j/phaseLen)%4, j%phaseLen
				if at == 0 {
					switch phase {
					case 0, 2, 3:
						verify(300 * time.Second)
					case 1:
						verify(time.Second)
					}
				}
				if at == phaseLen/2 {
					switch phase {
					case 1:
						// Let the short lease run out, then check the next
						// calls are denied.
						time.Sleep(time.Until(vRecv.Add(ttl + 5*time.Millisecond)))
						expiries++
					case 2, 3:
						op := wire.OpRevoke
						if phase == 3 {
							op = wire.OpCompact
						}
						rep, err := c.Do(ctx, wire.Request{Op: op, Session: id, Reason: "load"})
						if err != nil || !rep.OK || rep.State != "UNVERIFIED" {
							errs++
							bad("%s: %v %+v", op, err, rep)
						}
						verified = false
						revokes++
					}
				}
				tool := "Read"
				if j%2 == 1 {
					tool = "Bash"
				}
				authorize(tool)
			}
			mu.Lock()
			res.Calls += len(myLat)
			res.Wrong += wrong
			res.Errors += errs
			res.Expiries += expiries
			res.Revokes += revokes
			res.Samples = append(res.Samples, samples...)
			lat = append(lat, myLat...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	res.Seconds = time.Since(start).Seconds()
	res.PerSecond = float64(res.Calls) / res.Seconds
	slices.Sort(lat)
	if len(lat) > 0 {
		res.P50us = float64(lat[len(lat)/2].Microseconds())
		res.P99us = float64(lat[len(lat)*99/100].Microseconds())
	}
	b, _ = json.Marshal(res)
	say("result %s", b)
}

// procKB reads a field (VmRSS, VmHWM) of /proc/PID/status in kB.
func procKB(pid int, field string) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return -1
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, field+":") {
			n, _ := strconv.Atoi(strings.Fields(line)[1])
			return n
		}
	}
	return -1
}

// procCPU returns a process's user+system CPU time from /proc/PID/stat
// (fields 14 and 15, in clock ticks of 1/100 s on Linux).
func procCPU(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	ut, _ := strconv.Atoi(f[11])
	st, _ := strconv.Atoi(f[12])
	return time.Duration(ut+st) * 10 * time.Millisecond
}

// TestLoad runs the broker as its own process and -load.sessions sessions
// making -load.calls authorizations each over the socket, with
// verifications, revocations, compactions and expiries mixed in, and
// requires zero wrong decisions.
func TestLoad(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	sock, audit := filepath.Join(dir, "run", "broker.sock"), filepath.Join(dir, "audit.jsonl")
	brokerProc := startBrokerProc(t, sock, audit)
	gen := exec.Command(os.Args[0])
	gen.Env = append(os.Environ(), envMode+"=load", "LGTEST_SOCKET="+sock,
		"LGTEST_SESSIONS="+strconv.Itoa(*loadSessions), "LGTEST_CALLS="+strconv.Itoa(*loadCalls))
	in, _ := gen.StdinPipe()
	out, _ := gen.StdoutPipe()
	gen.Stderr = os.Stderr
	if err := gen.Start(); err != nil {
		t.Fatal(err)
	}
	defer gen.Process.Kill()
	brokerCPU0 := procCPU(brokerProc.Process.Pid)
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	var sessions []string
	var inMu sync.Mutex
	// A pool of operator connections, from this process: outside every tree.
	pool := make(chan *wire.Client, 8)
	for i := 0; i < cap(pool); i++ {
		c, err := wire.Dial(context.Background(), sock)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		pool <- c
	}
	var res loadResult
	var opErrs []string
	var opMu sync.Mutex
	for sc.Scan() {
		line := sc.Text()
		word, rest, _ := strings.Cut(line, " ")
		switch word {
		case "sessions":
			if err := json.Unmarshal([]byte(rest), &sessions); err != nil {
				t.Fatal(err)
			}
		case "verify":
			var i int
			var g uint64
			var ttl int
			fmt.Sscanf(rest, "%d %d %d", &i, &g, &ttl)
			go func() {
				c := <-pool
				defer func() { pool <- c }()
				ctx := context.Background()
				ok := false
				rep, err := c.Do(ctx, wire.Request{Op: wire.OpBeginVerification, Session: sessions[i], Generation: g, Binding: "load"})
				if err == nil && rep.OK {
					rep, err = c.Do(ctx, wire.Request{Op: wire.OpPromote, Session: sessions[i], Generation: g, Binding: "load", Token: rep.Token, TTL: ttl})
					ok = err == nil && rep.OK
				}
				if !ok {
					opMu.Lock()
					opErrs = append(opErrs, fmt.Sprintf("verify %d: %v %+v", i, err, rep))
					opMu.Unlock()
				}
				word := "ok"
				if !ok {
					word = "no"
				}
				inMu.Lock()
				fmt.Fprintf(in, "%s %d\n", word, i)
				inMu.Unlock()
			}()
		case "result":
			if err := json.Unmarshal([]byte(rest), &res); err != nil {
				t.Fatal(err)
			}
		default:
			t.Fatalf("load generator: %s", line)
		}
	}
	gen.Wait()
	rss, hwm := procKB(brokerProc.Process.Pid, "VmRSS"), procKB(brokerProc.Process.Pid, "VmHWM")
	brokerCPU := procCPU(brokerProc.Process.Pid) - brokerCPU0
	t.Logf("%d sessions x %d calls: %d authorizations in %.1fs (%.0f/s), p50 %.0fµs p99 %.0fµs, %d expiry checks, %d revocations; broker RSS %d kB (peak %d kB), broker CPU %.2fs (%.0f authorizations per broker CPU-second)",
		res.Sessions, *loadCalls, res.Calls, res.Seconds, res.PerSecond, res.P50us, res.P99us, res.Expiries, res.Revokes, rss, hwm,
		brokerCPU.Seconds(), float64(res.Calls)/brokerCPU.Seconds())
	if len(opErrs) > 0 {
		t.Errorf("operator errors: %v", opErrs[:min(5, len(opErrs))])
	}
	if res.Calls != *loadSessions*(*loadCalls+1) {
		t.Fatalf("only %d of %d authorizations ran", res.Calls, *loadSessions*(*loadCalls+1))
	}
	if res.Wrong != 0 || res.Errors != 0 {
		t.Fatalf("%d wrong decisions, %d errors: %v", res.Wrong, res.Errors, res.Samples)
	}
	if *loadCalls >= 80 && (res.Expiries == 0 || res.Revokes == 0) {
		t.Fatalf("the mix did not include expiries and revocations: %+v", res)
	}
	readAudit(t, audit)
	if *loadReport != "" {
		b, _ := json.Marshal(map[string]any{"result": res, "calls_per_session": *loadCalls, "broker_rss_kb": rss, "broker_peak_rss_kb": hwm})
		os.WriteFile(*loadReport, b, 0o644)
	}
}
