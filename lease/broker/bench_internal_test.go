package broker

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/leasegate/leasegate/gate"
	"github.com/leasegate/leasegate/lease/wire"
)

// benchServer returns a broker and a connection state for the benchmark
// process itself, registered as the runtime of one session.
func benchServer(b *testing.B, pol Policy) (*Server, *connState, string) {
	b.Helper()
	dir := b.TempDir()
	s, err := Listen(Config{Socket: filepath.Join(dir, "run", "b.sock"), AuditPath: filepath.Join(dir, "audit.jsonl"), VerifierUID: NoVerifier, Policy: pol})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	cs := &connState{peer: selfPeer(b), inTree: map[string]bool{}}
	rep := s.opRegister(cs, &wire.Request{Op: wire.OpRegister, Runtime: "claude", PID: os.Getpid()})
	if !rep.OK {
		b.Fatal(rep)
	}
	return s, cs, rep.Session
}

// BenchmarkHandleAuthorize measures one authorize request in process: JSON
// decode, peer check (cached per connection), lease decision, audit, JSON
// encode. No socket.
func BenchmarkHandleAuthorize(b *testing.B) {
	for _, tc := range []struct {
		name   string
		policy Policy
		tool   string
		input  string
	}{
		{"read/no-policy", nil, "Read", `{"file_path":"/src/main.go"}`},
		{"read/default-policy", gatePolicy{gate.DefaultPolicy()}, "Read", `{"file_path":"/src/main.go"}`},
		{"bash-denied/no-policy", nil, "Bash", `{"command":"go test ./..."}`},
	} {
		b.Run(tc.name, func(b *testing.B) {
			s, cs, id := benchServer(b, tc.policy)
			line, _ := json.Marshal(wire.Request{V: wire.ProtocolVersion, Op: wire.OpAuthorize, Session: id, Generation: 1, Tool: tc.tool, ToolInput: json.RawMessage(tc.input)})
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				rep := s.handleLine(cs, line)
				if !rep.OK || rep.Allow != (tc.tool == "Read") {
					b.Fatal(rep)
				}
				if _, err := json.Marshal(rep); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "decisions/s")
		})
	}
}

// BenchmarkHandleAuthorizeVerified measures a verified session's Bash call
// with and without the default policy (whose Bash rules parse the command).
func BenchmarkHandleAuthorizeVerified(b *testing.B) {
	for _, tc := range []struct {
		name   string
		policy Policy
	}{{"no-policy", nil}, {"default-policy", gatePolicy{gate.DefaultPolicy()}}} {
		b.Run(tc.name, func(b *testing.B) {
			s, cs, id := benchServer(b, tc.policy)
			_ = s.table.MarkGateSeen(id)
			tok, _, _, _ := s.table.BeginVerification(id, 1, "")
			if _, _, err := s.table.Promote(id, 1, "", tok, 300e9); err != nil {
				b.Fatal(err)
			}
			line, _ := json.Marshal(wire.Request{V: wire.ProtocolVersion, Op: wire.OpAuthorize, Session: id, Generation: 1, Tool: "Bash",
				ToolInput: json.RawMessage(`{"command":"cd /src && go test ./... 2>&1 | tail -20"}`)})
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if rep := s.handleLine(cs, line); !rep.Allow {
					b.Fatal(rep)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "decisions/s")
		})
	}
}

type gatePolicy struct{ p *gate.Policy }

func (g gatePolicy) Evaluate(c Call) []PolicyDecision {
	var out []PolicyDecision
	for _, d := range g.p.Evaluate(gate.Call{Runtime: c.Runtime, Tool: c.Tool, Session: c.Session, Input: c.Input, Verified: c.Verified, Cwd: c.Cwd}) {
		out = append(out, PolicyDecision{Rule: d.Rule, Reason: d.Reason, Shadow: d.Shadow})
	}
	return out
}

// selfPeer is the peer record the broker would make for a connection from
// this process.
func selfPeer(tb testing.TB) *peer {
	tb.Helper()
	st, err := readProcStat(os.Getpid())
	if err != nil {
		tb.Fatal(err)
	}
	return &peer{pid: os.Getpid(), uid: os.Geteuid(), start: st.start, stat: st, fd: pidfdOpen(os.Getpid())}
}
