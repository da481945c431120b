package lease

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/leasegate/leasegate/lease/wire"
)

// fixture is a table and one session in a given state (newFixture); token
// is the session's live token once verification has begun.
type fixture struct {
	t     *Table
	clock *ManualClock
	id    string
	token string
}

const stateExpired = State(99) // a VERIFIED lease whose ttl has elapsed, not yet swept

func newFixture(tb testing.TB, st State) *fixture {
	tb.Helper()
	f := &fixture{clock: &ManualClock{}}
	f.t = New(Config{Clock: f.clock})
	in, _, err := f.t.Register(wire.RuntimeClaude, Options{})
	if err != nil {
		tb.Fatal(err)
	}
	f.id = in.ID
	if err := f.t.MarkGateSeen(f.id); err != nil {
		tb.Fatal(err)
	}
	if st == StateUnverified {
		return f
	}
	tok, _, _, err := f.t.BeginVerification(f.id, 1, "b")
	if err != nil {
		tb.Fatal(err)
	}
	f.token = tok
	if st == StatePendingVerification {
		return f
	}
	if _, _, err := f.t.Promote(f.id, 1, "b", tok, 10*time.Second); err != nil {
		tb.Fatal(err)
	}
	if st == stateExpired {
		f.clock.Advance(10 * time.Second)
	}
	return f
}

func kinds(evs []Event) string {
	s := ""
	for i, e := range evs {
		if i > 0 {
			s += ","
		}
		s += string(e.Kind)
	}
	return s
}

// TestTransitionTable covers every (state, operation) pair: the resulting
// state, the error and the events recorded.
func TestTransitionTable(t *testing.T) {
	type result struct {
		state  State
		err    error
		events string
		allow  bool
		code   wire.Code
	}
	ops := []struct {
		name string
		do   func(f *fixture) (result, error)
	}{
		{"authorize-read", func(f *fixture) (result, error) {
			d, evs := f.t.Authorize(f.id, 1, wire.RuntimeClaude, "Read")
			return result{allow: d.Allow, code: d.Code, events: kinds(evs)}, nil
		}},
		{"authorize-mutator", func(f *fixture) (result, error) {
			d, evs := f.t.Authorize(f.id, 1, wire.RuntimeClaude, "Bash")
			return result{allow: d.Allow, code: d.Code, events: kinds(evs)}, nil
		}},
		{"authorize-stale-generation", func(f *fixture) (result, error) {
			d, evs := f.t.Authorize(f.id, 2, wire.RuntimeClaude, "Read")
			return result{allow: d.Allow, code: d.Code, events: kinds(evs)}, nil
		}},
		{"begin", func(f *fixture) (result, error) {
			_, _, evs, err := f.t.BeginVerification(f.id, 1, "b")
			return result{events: kinds(evs)}, err
		}},
		{"promote-live-token", func(f *fixture) (result, error) {
			tok := f.token
			if tok == "" {
				tok = fmt.Sprintf("%064x", 1)
			}
			_, evs, err := f.t.Promote(f.id, 1, "b", tok, time.Minute)
			return result{events: kinds(evs)}, err
		}},
		{"promote-foreign-token", func(f *fixture) (result, error) {
			_, evs, err := f.t.Promote(f.id, 1, "b", fmt.Sprintf("%064x", 7), time.Minute)
			return result{events: kinds(evs)}, err
		}},
		{"revoke", func(f *fixture) (result, error) {
			_, evs, err := f.t.Revoke(f.id, "operator")
			return result{events: kinds(evs)}, err
		}},
		{"bump-generation", func(f *fixture) (result, error) {
			_, evs, err := f.t.BumpGeneration(f.id, 1)
			return result{events: kinds(evs)}, err
		}},
		{"expire-sweep", func(f *fixture) (result, error) {
			evs := f.t.ExpireDue()
			return result{events: kinds(evs)}, nil
		}},
		{"gate-seen", func(f *fixture) (result, error) {
			return result{}, f.t.MarkGateSeen(f.id)
		}},
	}
	U, P, V := StateUnverified, StatePendingVerification, StateVerified
	// want[state][op]
	want := map[State]map[string]result{
		U: {
			"authorize-read":             {state: U, allow: true},
			"authorize-mutator":          {state: U, code: wire.CodeLeaseNotVerified},
			"authorize-stale-generation": {state: U, code: wire.CodeGenerationMismatch},
			"begin":                      {state: P, events: "lease.pending"},
			"promote-live-token":         {state: U, err: ErrNotPending},
			"promote-foreign-token":      {state: U, err: ErrNotPending},
			"revoke":                     {state: U, events: "lease.revoked"},
			"bump-generation":            {state: U, events: "generation.bumped"},
			"expire-sweep":               {state: U},
			"gate-seen":                  {state: U},
		},
		P: {
			"authorize-read":             {state: P, allow: true},
			"authorize-mutator":          {state: P, code: wire.CodeLeaseNotVerified},
			"authorize-stale-generation": {state: P, code: wire.CodeGenerationMismatch},
			"begin":                      {state: P, events: "lease.revoked,lease.pending"},
			"promote-live-token":         {state: V, events: "lease.verified"},
			"promote-foreign-token":      {state: P, err: ErrTokenRefused},
			"revoke":                     {state: U, events: "lease.revoked"},
			"bump-generation":            {state: U, events: "lease.revoked,generation.bumped"},
			"expire-sweep":               {state: P},
			"gate-seen":                  {state: P},
		},
		V: {
			"authorize-read":             {state: V, allow: true},
			"authorize-mutator":          {state: V, allow: true},
			"authorize-stale-generation": {state: V, code: wire.CodeGenerationMismatch},
			"begin":                      {state: P, events: "lease.revoked,lease.pending"},
			"promote-live-token":         {state: V, err: ErrNotPending}, // consumed: single use
			"promote-foreign-token":      {state: V, err: ErrNotPending},
			"revoke":                     {state: U, events: "lease.revoked"},
			"bump-generation":            {state: U, events: "lease.revoked,generation.bumped"},
			"expire-sweep":               {state: V},
			"gate-seen":                  {state: V},
		},
		stateExpired: {
			"authorize-read":             {state: U, allow: true, events: "lease.expired"},
			"authorize-mutator":          {state: U, code: wire.CodeLeaseExpired, events: "lease.expired"},
			"authorize-stale-generation": {state: V, code: wire.CodeGenerationMismatch},
			"begin":                      {state: P, events: "lease.expired,lease.pending"},
			"promote-live-token":         {state: V, err: ErrNotPending},
			"promote-foreign-token":      {state: V, err: ErrNotPending},
			"revoke":                     {state: U, events: "lease.expired,lease.revoked"},
			"bump-generation":            {state: U, events: "lease.expired,generation.bumped"},
			"expire-sweep":               {state: U, events: "lease.expired"},
			"gate-seen":                  {state: V},
		},
	}
	for _, st := range []State{U, P, V, stateExpired} {
		for _, op := range ops {
			name := st.String() + "/" + op.name
			if st == stateExpired {
				name = "VERIFIED_EXPIRED/" + op.name
			}
			t.Run(name, func(t *testing.T) {
				w, ok := want[st][op.name]
				if !ok {
					t.Fatalf("no expectation for %s", name)
				}
				f := newFixture(t, st)
				got, err := op.do(f)
				if !errors.Is(err, w.err) || (err == nil) != (w.err == nil) {
					t.Fatalf("err = %v, want %v", err, w.err)
				}
				if got.allow != w.allow || got.code != w.code {
					t.Errorf("decision = allow %v code %q, want allow %v code %q", got.allow, got.code, w.allow, w.code)
				}
				if got.events != w.events {
					t.Errorf("events = %q, want %q", got.events, w.events)
				}
				in, _ := f.t.Get(f.id)
				if in.State != w.state {
					t.Errorf("state = %s, want %s", in.State, w.state)
				}
				if in.State == StateVerified && in.ConsumedCycle != in.Cycle {
					t.Errorf("VERIFIED without the current cycle's token consumed")
				}
			})
		}
	}
}

func TestReadOnlyClasses(t *testing.T) {
	allowed := map[string][]string{
		wire.RuntimeClaude: {"Read", "Grep", "Glob", "LS", "Ls", "Find"},
		wire.RuntimePi:     {"read", "grep", "find", "ls"},
	}
	denied := map[string][]string{
		wire.RuntimeClaude: {"Bash", "Edit", "Write", "MultiEdit", "NotebookEdit", "Task", "Agent", "WebFetch", "mcp__fs__read", "read", "READ", "Read ", "ls", "Custom", ""},
		wire.RuntimePi:     {"bash", "edit", "write", "Read", "LS", "Grep", "mcp__x__y", ""},
	}
	for rt, names := range allowed {
		for _, n := range names {
			if !ReadOnly(rt, n) {
				t.Errorf("ReadOnly(%s, %q) = false, want true", rt, n)
			}
		}
	}
	for rt, names := range denied {
		for _, n := range names {
			if ReadOnly(rt, n) {
				t.Errorf("ReadOnly(%s, %q) = true, want false", rt, n)
			}
		}
	}
	if ReadOnly("codex", "Read") {
		t.Error("an unknown runtime has no read-only class")
	}
}

func TestPromoteRules(t *testing.T) {
	t.Run("ttl capped", func(t *testing.T) {
		f := newFixture(t, StatePendingVerification)
		in, _, err := f.t.Promote(f.id, 1, "b", f.token, time.Hour)
		if err != nil || in.ExpiresIn != MaxTTL {
			t.Fatalf("got %v %v, want expires in %v", in.ExpiresIn, err, MaxTTL)
		}
	})
	for _, ttl := range []time.Duration{0, -time.Second} {
		t.Run(fmt.Sprintf("ttl %v refused", ttl), func(t *testing.T) {
			f := newFixture(t, StatePendingVerification)
			if _, _, err := f.t.Promote(f.id, 1, "b", f.token, ttl); !errors.Is(err, ErrTTLInvalid) {
				t.Fatalf("err = %v", err)
			}
			if _, _, err := f.t.Promote(f.id, 1, "b", f.token, time.Second); err != nil {
				t.Fatalf("a refused promotion must not consume the token: %v", err)
			}
		})
	}
	t.Run("wrong binding", func(t *testing.T) {
		f := newFixture(t, StatePendingVerification)
		if _, _, err := f.t.Promote(f.id, 1, "other", f.token, time.Second); !errors.Is(err, ErrBindingMismatch) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("wrong generation", func(t *testing.T) {
		f := newFixture(t, StatePendingVerification)
		if _, _, err := f.t.Promote(f.id, 2, "b", f.token, time.Second); !errors.Is(err, ErrGenerationMismatch) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("stale token of an earlier cycle", func(t *testing.T) {
		f := newFixture(t, StatePendingVerification)
		old := f.token
		if _, _, _, err := f.t.BeginVerification(f.id, 1, "b"); err != nil {
			t.Fatal(err)
		}
		if _, _, err := f.t.Promote(f.id, 1, "b", old, time.Second); !errors.Is(err, ErrTokenRefused) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("token of another session", func(t *testing.T) {
		f := newFixture(t, StatePendingVerification)
		other, _, _ := f.t.Register(wire.RuntimeClaude, Options{})
		_ = f.t.MarkGateSeen(other.ID)
		if _, _, _, err := f.t.BeginVerification(other.ID, 1, "b"); err != nil {
			t.Fatal(err)
		}
		if _, _, err := f.t.Promote(other.ID, 1, "b", f.token, time.Second); !errors.Is(err, ErrTokenRefused) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("malformed token", func(t *testing.T) {
		f := newFixture(t, StatePendingVerification)
		for _, tok := range []string{"", "zz", f.token[:62], f.token + "00"} {
			if _, _, err := f.t.Promote(f.id, 1, "b", tok, time.Second); !errors.Is(err, ErrTokenRefused) {
				t.Fatalf("token %q: err = %v", tok, err)
			}
		}
	})
	t.Run("gate never seen", func(t *testing.T) {
		tb := New(Config{Clock: &ManualClock{}})
		in, _, _ := tb.Register(wire.RuntimePi, Options{})
		tok, _, _, err := tb.BeginVerification(in.ID, 1, "")
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := tb.Promote(in.ID, 1, "", tok, time.Second); !errors.Is(err, ErrGateNeverSeen) {
			t.Fatalf("err = %v", err)
		}
		_ = tb.MarkGateSeen(in.ID)
		if _, _, err := tb.Promote(in.ID, 1, "", tok, time.Second); err != nil {
			t.Fatalf("after the gate called in: %v", err)
		}
	})
	t.Run("expiry is exact", func(t *testing.T) {
		f := newFixture(t, StatePendingVerification)
		if _, _, err := f.t.Promote(f.id, 1, "b", f.token, 5*time.Second); err != nil {
			t.Fatal(err)
		}
		f.clock.Advance(5*time.Second - 1)
		if d, _ := f.t.Authorize(f.id, 1, "", "Bash"); !d.Allow {
			t.Fatalf("denied 1ns before expiry: %+v", d)
		}
		f.clock.Advance(1)
		if d, _ := f.t.Authorize(f.id, 1, "", "Bash"); d.Allow || d.Code != wire.CodeLeaseExpired {
			t.Fatalf("at expiry: %+v", d)
		}
	})
}

func TestAuthorizeIdentity(t *testing.T) {
	f := newFixture(t, StateVerified)
	if d, _ := f.t.Authorize("nope", 1, wire.RuntimeClaude, "Read"); d.Allow || d.Code != wire.CodeUnknownSession {
		t.Errorf("unknown session: %+v", d)
	}
	if d, _ := f.t.Authorize(f.id, 1, wire.RuntimePi, "read"); d.Allow || d.Code != wire.CodeUnknownSession {
		t.Errorf("runtime mismatch: %+v", d)
	}
	if _, _, err := f.t.Register("codex", Options{}); !errors.Is(err, ErrUnknownRuntime) {
		t.Errorf("unknown runtime registered: %v", err)
	}
	if !f.t.Forget(f.id) {
		t.Fatal("forget")
	}
	if d, _ := f.t.Authorize(f.id, 1, wire.RuntimeClaude, "Bash"); d.Allow || d.Code != wire.CodeUnknownSession {
		t.Errorf("forgotten session: %+v", d)
	}
}

func TestAllowList(t *testing.T) {
	for _, mode := range []AllowMode{AllowEnforce, AllowShadow} {
		t.Run(mode.String(), func(t *testing.T) {
			tb := New(Config{Clock: &ManualClock{}})
			in, _, err := tb.Register(wire.RuntimeClaude, Options{AllowTools: []string{"Read", "Bash"}, AllowMode: mode})
			if err != nil {
				t.Fatal(err)
			}
			_ = tb.MarkGateSeen(in.ID)
			tok, _, _, _ := tb.BeginVerification(in.ID, 1, "")
			if _, _, err := tb.Promote(in.ID, 1, "", tok, time.Minute); err != nil {
				t.Fatal(err)
			}
			if d, _ := tb.Authorize(in.ID, 1, "", "Bash"); !d.Allow || d.ShadowDeny != "" {
				t.Errorf("Bash in the list: %+v", d)
			}
			for _, tool := range []string{"Grep", "Edit"} {
				d, _ := tb.Authorize(in.ID, 1, "", tool)
				if mode == AllowEnforce && (d.Allow || d.Code != wire.CodePolicyDenied) {
					t.Errorf("%s outside the list, enforce: %+v", tool, d)
				}
				if mode == AllowShadow && (!d.Allow || d.ShadowDeny == "") {
					t.Errorf("%s outside the list, shadow: %+v", tool, d)
				}
			}
		})
	}
	tb := New(Config{})
	if _, _, err := tb.Register(wire.RuntimeClaude, Options{AllowTools: []string{"Read", " Bash"}}); !errors.Is(err, ErrBadAllowList) {
		t.Errorf("bad name accepted: %v", err)
	}
	if _, err := ParseAllowMode("loose"); !errors.Is(err, ErrBadAllowList) {
		t.Errorf("bad mode accepted: %v", err)
	}
}

// TestPromoteRace: 100 goroutines promote with the same token; exactly one
// wins.
func TestPromoteRace(t *testing.T) {
	for round := 0; round < 20; round++ {
		f := newFixture(t, StatePendingVerification)
		var wins, refused atomic.Int32
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := 0; i < 100; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				_, _, err := f.t.Promote(f.id, 1, "b", f.token, time.Minute)
				switch {
				case err == nil:
					wins.Add(1)
				case errors.Is(err, ErrNotPending):
					refused.Add(1)
				default:
					t.Errorf("unexpected error %v", err)
				}
			}()
		}
		close(start)
		wg.Wait()
		if wins.Load() != 1 || refused.Load() != 99 {
			t.Fatalf("round %d: %d winners, %d refused; want 1 and 99", round, wins.Load(), refused.Load())
		}
	}
}

// TestAuthorizeRevokeRace: once Revoke has returned, no authorization that
// starts afterwards allows a mutator.
func TestAuthorizeRevokeRace(t *testing.T) {
	for round := 0; round < 50; round++ {
		f := newFixture(t, StateVerified)
		var revoked atomic.Bool
		var wg sync.WaitGroup
		for i := 0; i < 16; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for j := 0; j < 200; j++ {
					after := revoked.Load()
					d, _ := f.t.Authorize(f.id, 1, "", "Bash")
					if after && d.Allow {
						t.Errorf("mutator allowed after revoke returned")
						return
					}
				}
			}()
		}
		if _, _, err := f.t.Revoke(f.id, "race"); err != nil {
			t.Fatal(err)
		}
		revoked.Store(true)
		wg.Wait()
	}
}

func BenchmarkAuthorize(b *testing.B) {
	f := newFixture(b, StateVerified)
	f.clock.Advance(0)
	tools := []string{"Read", "Bash", "Edit", "Grep"}
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			d, _ := f.t.Authorize(f.id, 1, wire.RuntimeClaude, tools[i&3])
			if !d.Allow {
				b.Error("denied")
			}
			i++
		}
	})
}

// TestExpiredCodeAfterSweep: whether the sweep or the call notices an
// expiry first, the denial says LEASE_EXPIRED, until the next verification
// cycle or revocation starts anew.
func TestExpiredCodeAfterSweep(t *testing.T) {
	f := newFixture(t, stateExpired)
	if evs := f.t.ExpireDue(); kinds(evs) != "lease.expired" {
		t.Fatalf("sweep events = %q", kinds(evs))
	}
	d, _ := f.t.Authorize(f.id, 1, "", "Bash")
	if d.Allow || d.Code != wire.CodeLeaseExpired {
		t.Fatalf("after sweep: %+v", d)
	}
	if d, _ := f.t.Authorize(f.id, 1, "", "Read"); !d.Allow {
		t.Fatalf("read after sweep: %+v", d)
	}
	if _, _, _, err := f.t.BeginVerification(f.id, 1, "b2"); err != nil {
		t.Fatal(err)
	}
	if d, _ := f.t.Authorize(f.id, 1, "", "Bash"); d.Allow || d.Code != wire.CodeLeaseNotVerified {
		t.Fatalf("after a new cycle: %+v", d)
	}
}
