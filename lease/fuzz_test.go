package lease

import (
	"errors"
	"testing"
	"time"

	"github.com/leasegate/leasegate/lease/wire"
)

// FuzzTransitions drives random operation sequences over a few sessions and
// checks the invariants after every step against a small reference model:
// never VERIFIED without a consumed token of the current cycle; never a
// mutator allowed past expiry, revocation, a generation change or for an
// unknown session; a token works at most once.
func FuzzTransitions(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{3, 0, 4, 0, 1, 0, 7, 0, 1, 0})
	f.Add([]byte{3, 0, 9, 0, 4, 0, 8, 200, 1, 0, 4, 0})
	f.Add([]byte{3, 1, 3, 1, 4, 1, 4, 1, 6, 1, 1, 1})
	f.Fuzz(func(t *testing.T, prog []byte) {
		clock := &ManualClock{}
		tb := New(Config{Clock: clock})
		type model struct {
			id       string
			gen      uint64
			verified bool
			expires  time.Duration
			tokens   []string // every token ever minted, newest last
			live     string   // the live token, "" if none
			binding  string
			seen     bool
		}
		var ms []*model
		for i := 0; i < 3; i++ {
			rt := wire.RuntimeClaude
			if i == 2 {
				rt = wire.RuntimePi
			}
			in, _, err := tb.Register(rt, Options{})
			if err != nil {
				t.Fatal(err)
			}
			ms = append(ms, &model{id: in.ID, gen: 1})
		}
		mutator := map[string]string{wire.RuntimeClaude: "Bash", wire.RuntimePi: "bash"}
		for pc := 0; pc+1 < len(prog) && pc < 400; pc += 2 {
			op, arg := prog[pc]%10, prog[pc+1]
			m := ms[int(arg)%len(ms)]
			in, _ := tb.Get(m.id)
			now := clock.Now()
			switch op {
			case 0: // authorize a mutator
				gen := m.gen
				if arg&0x80 != 0 {
					gen++ // a stale or future generation
				}
				d, _ := tb.Authorize(m.id, gen, "", mutator[in.Runtime])
				m.seen = true
				wantAllow := gen == m.gen && m.verified && now < m.expires
				if d.Allow != wantAllow {
					t.Fatalf("step %d: mutator allow=%v, model says %v (%+v)", pc, d.Allow, wantAllow, d)
				}
				if gen == m.gen && m.verified && now >= m.expires {
					m.verified = false
				}
			case 1: // authorize a read
				d, _ := tb.Authorize(m.id, m.gen, "", map[string]string{wire.RuntimeClaude: "Read", wire.RuntimePi: "read"}[in.Runtime])
				m.seen = true
				if !d.Allow {
					t.Fatalf("step %d: read denied: %+v", pc, d)
				}
				if m.verified && now >= m.expires {
					m.verified = false
				}
			case 2:
				_ = tb.MarkGateSeen(m.id)
				m.seen = true
			case 3: // begin
				b := string(rune('a' + arg%3))
				tok, _, _, err := tb.BeginVerification(m.id, m.gen, b)
				if err != nil {
					t.Fatalf("step %d: begin: %v", pc, err)
				}
				m.verified, m.live, m.binding = false, tok, b
				m.tokens = append(m.tokens, tok)
			case 4, 5: // promote with the live token (4) or an old/foreign one (5)
				tok := m.live
				if op == 5 || tok == "" {
					var all []string
					for _, o := range ms {
						all = append(all, o.tokens...)
					}
					if len(all) == 0 {
						tok = "00"
					} else {
						tok = all[int(arg)%len(all)]
					}
				}
				ttl := time.Duration(arg%7) * time.Second
				_, _, err := tb.Promote(m.id, m.gen, m.binding, tok, ttl)
				ok := tok != "" && tok == m.live && m.seen && ttl > 0
				if (err == nil) != ok {
					t.Fatalf("step %d: promote err=%v, model says ok=%v", pc, err, ok)
				}
				if err == nil {
					m.verified, m.live, m.expires = true, "", now+ttl
				}
			case 6:
				if _, _, err := tb.Revoke(m.id, "fuzz"); err != nil {
					t.Fatal(err)
				}
				m.verified, m.live = false, ""
			case 7:
				if _, _, err := tb.BumpGeneration(m.id, m.gen); err != nil {
					t.Fatal(err)
				}
				m.gen++
				m.verified, m.live = false, ""
			case 8:
				clock.Advance(time.Duration(arg) * 50 * time.Millisecond)
			case 9:
				tb.ExpireDue()
				if m.verified && now >= m.expires {
					m.verified = false
				}
				for _, o := range ms {
					if o.verified && now >= o.expires {
						o.verified = false
					}
				}
			}
			// Invariants over every session.
			for _, o := range ms {
				in, ok := tb.Get(o.id)
				if !ok {
					t.Fatal("session vanished")
				}
				if in.State == StateVerified {
					if in.ConsumedCycle != in.Cycle || in.TokenLive {
						t.Fatalf("step %d: VERIFIED without the current cycle's token consumed: %+v", pc, in)
					}
				}
				if in.Generation != o.gen {
					t.Fatalf("step %d: generation %d, model %d", pc, in.Generation, o.gen)
				}
				if in.TokenLive != (o.live != "") {
					t.Fatalf("step %d: token live %v, model %q", pc, in.TokenLive, o.live)
				}
				if in.State == StateVerified && !o.verified && clock.Now() < o.expires {
					t.Fatalf("step %d: table VERIFIED, model not", pc)
				}
			}
		}
		// After a restart (a fresh table) nothing is known.
		fresh := New(Config{Clock: clock})
		for _, o := range ms {
			if d, _ := fresh.Authorize(o.id, o.gen, "", "Bash"); d.Allow || d.Code != wire.CodeUnknownSession {
				t.Fatalf("restarted table allowed %+v", d)
			}
			if _, _, err := fresh.Promote(o.id, o.gen, o.binding, o.live, time.Second); !errors.Is(err, ErrUnknownSession) {
				t.Fatalf("restarted table promote: %v", err)
			}
		}
	})
}
