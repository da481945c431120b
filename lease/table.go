package lease

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/leasegate/leasegate/lease/wire"
)

// MaxTTL is the longest lease a promotion can grant. Longer requests are
// capped to it.
const MaxTTL = 300 * time.Second

// TokenBytes is the size of a promotion token before hex encoding (256 bits).
const TokenBytes = 32

// State is a lease state.
type State int

// Lease states, in the order a session moves through them.
const (
	StateUnverified State = iota
	StatePendingVerification
	StateVerified
)

// String returns the SPEC.md spelling of the state.
func (s State) String() string {
	switch s {
	case StateUnverified:
		return "UNVERIFIED"
	case StatePendingVerification:
		return "PENDING_VERIFICATION"
	case StateVerified:
		return "VERIFIED"
	}
	return fmt.Sprintf("State(%d)", int(s))
}

// AllowMode says how a session's task allow-list is applied.
type AllowMode int

// Allow-list modes.
const (
	AllowNone    AllowMode = iota // no allow-list
	AllowEnforce                  // tools outside the list are denied
	AllowShadow                   // tools outside the list are reported, not denied
)

// String returns the wire spelling of the mode.
func (m AllowMode) String() string {
	switch m {
	case AllowEnforce:
		return "enforce"
	case AllowShadow:
		return "shadow"
	}
	return ""
}

// ParseAllowMode parses "enforce", "shadow" or "" (enforce).
func ParseAllowMode(s string) (AllowMode, error) {
	switch s {
	case "", "enforce":
		return AllowEnforce, nil
	case "shadow":
		return AllowShadow, nil
	}
	return AllowNone, fmt.Errorf("%w: mode %q is neither enforce nor shadow", ErrBadAllowList, s)
}

// EventKind names a transition, as written to the audit log.
type EventKind string

// Transition kinds.
const (
	EventRegistered       EventKind = "lease.registered"
	EventPending          EventKind = "lease.pending"
	EventVerified         EventKind = "lease.verified"
	EventRevoked          EventKind = "lease.revoked"
	EventExpired          EventKind = "lease.expired"
	EventGenerationBumped EventKind = "generation.bumped"
)

// Event is a transition that happened inside a Table operation. Operations
// return the events they caused, in order, so the caller can record them.
type Event struct {
	Kind       EventKind
	Session    string
	Generation uint64
	Runtime    string
	Cycle      uint64
	Reason     string
}

// Options are the registration options of a session.
type Options struct {
	// AllowTools, when not nil, is the task allow-list: the only tool names
	// the session may ever use. It is fixed at registration.
	AllowTools []string
	// AllowMode says whether the allow-list is enforced or shadowed.
	AllowMode AllowMode
}

// Info is a snapshot of one session.
type Info struct {
	ID         string
	Runtime    string
	Generation uint64
	State      State
	Cycle      uint64
	Binding    string
	// ExpiresIn is the lease time left when State is VERIFIED.
	ExpiresIn  time.Duration
	GateSeen   bool
	AllowTools []string
	AllowMode  AllowMode
	// ConsumedCycle is the cycle whose token was last consumed (0: none).
	ConsumedCycle uint64
	// TokenLive reports whether an unconsumed promotion token exists.
	TokenLive bool
}

// Decision is the answer to an authorization.
type Decision struct {
	Allow bool
	Code  wire.Code
	// Reason is a short lowercase explanation of a denial.
	Reason string
	// ReadOnly is true when the tool is in the runtime's read-only class.
	ReadOnly bool
	// ShadowDeny is set when a shadow allow-list would have denied the call.
	ShadowDeny string
	// The session as the decision left it (zero for an unknown session).
	Runtime    string
	Generation uint64
	State      State
	ExpiresIn  time.Duration
}

// Config configures a Table. Zero fields get defaults.
type Config struct {
	Clock Clock     // default MonotonicClock()
	Rand  io.Reader // default crypto/rand.Reader
}

// Table holds every session. The zero value is not usable; call New.
type Table struct {
	clock Clock
	rand  io.Reader
	randM sync.Mutex

	mu       sync.RWMutex
	sessions map[string]*session
}

type session struct {
	mu            sync.Mutex
	id            string
	runtime       string
	gen           uint64
	state         State
	cycle         uint64
	binding       string
	token         [TokenBytes]byte
	tokenLive     bool
	consumedCycle uint64
	expires       time.Duration
	// lapsed is set when the last lease ended by expiry (and nothing has
	// happened since), so a denial says LEASE_EXPIRED whether the sweep or
	// the call noticed the expiry first.
	lapsed    bool
	gateSeen  bool
	allow     map[string]bool
	allowList []string
	allowMode AllowMode
}

// New returns an empty Table.
func New(cfg Config) *Table {
	if cfg.Clock == nil {
		cfg.Clock = MonotonicClock()
	}
	if cfg.Rand == nil {
		cfg.Rand = rand.Reader
	}
	return &Table{clock: cfg.Clock, rand: cfg.Rand, sessions: make(map[string]*session)}
}

func (t *Table) random(b []byte) error {
	t.randM.Lock()
	defer t.randM.Unlock()
	_, err := io.ReadFull(t.rand, b)
	return err
}

// Register creates a new UNVERIFIED session at generation 1 for runtime and
// returns its snapshot.
func (t *Table) Register(runtime string, opts Options) (Info, []Event, error) {
	if !KnownRuntime(runtime) {
		return Info{}, nil, fmt.Errorf("%w: %q", ErrUnknownRuntime, runtime)
	}
	s := &session{runtime: runtime, gen: 1, state: StateUnverified, allowMode: AllowNone}
	if opts.AllowTools != nil {
		if opts.AllowMode == AllowNone {
			opts.AllowMode = AllowEnforce
		}
		s.allowMode = opts.AllowMode
		s.allow = make(map[string]bool, len(opts.AllowTools))
		for _, name := range opts.AllowTools {
			if name == "" || strings.TrimSpace(name) != name {
				return Info{}, nil, fmt.Errorf("%w: tool name %q", ErrBadAllowList, name)
			}
			if !s.allow[name] {
				s.allowList = append(s.allowList, name)
			}
			s.allow[name] = true
		}
	}
	var raw [16]byte
	if err := t.random(raw[:]); err != nil {
		return Info{}, nil, fmt.Errorf("session id: %w", err)
	}
	s.id = hex.EncodeToString(raw[:])
	t.mu.Lock()
	t.sessions[s.id] = s
	t.mu.Unlock()
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.info(t.clock.Now()), []Event{s.event(EventRegistered, "")}, nil
}

func (t *Table) get(id string) *session {
	t.mu.RLock()
	s := t.sessions[id]
	t.mu.RUnlock()
	return s
}

func (s *session) event(kind EventKind, reason string) Event {
	return Event{Kind: kind, Session: s.id, Generation: s.gen, Runtime: s.runtime, Cycle: s.cycle, Reason: reason}
}

func (s *session) info(now time.Duration) Info {
	in := Info{
		ID: s.id, Runtime: s.runtime, Generation: s.gen, State: s.state, Cycle: s.cycle,
		Binding: s.binding, GateSeen: s.gateSeen, AllowMode: s.allowMode,
		ConsumedCycle: s.consumedCycle, TokenLive: s.tokenLive,
	}
	if s.allowList != nil {
		in.AllowTools = append([]string{}, s.allowList...)
	}
	if s.state == StateVerified && now < s.expires {
		in.ExpiresIn = s.expires - now
	}
	return in
}

// dropAuthority returns the session to UNVERIFIED and forgets any pending
// token. The caller holds s.mu.
func (s *session) dropAuthority() {
	s.state = StateUnverified
	s.tokenLive = false
	s.token = [TokenBytes]byte{}
	s.expires = 0
	s.lapsed = false
}

// expireLocked turns a VERIFIED lease past its expiry into UNVERIFIED and
// reports whether it did. The caller holds s.mu.
func (s *session) expireLocked(now time.Duration) bool {
	if s.state == StateVerified && now >= s.expires {
		s.dropAuthority()
		s.lapsed = true
		return true
	}
	return false
}

// MarkGateSeen records that the session's gate has called in (SessionStart
// or a gate call). Only such a session can be promoted.
func (t *Table) MarkGateSeen(id string) error {
	s := t.get(id)
	if s == nil {
		return ErrUnknownSession
	}
	s.mu.Lock()
	s.gateSeen = true
	s.mu.Unlock()
	return nil
}

// Authorize decides whether tool may run now in session id at generation
// gen. The runtime is the one the session registered with; a non-empty
// runtime argument that differs from it is refused. Read-only tools are
// allowed in every state; every other tool needs a VERIFIED, unexpired lease
// of the current generation. A task allow-list in enforce mode denies tools
// outside it with wire.CodePolicyDenied. A call marks the gate as seen.
func (t *Table) Authorize(id string, gen uint64, runtime, tool string) (Decision, []Event) {
	s := t.get(id)
	if s == nil {
		return Decision{Code: wire.CodeUnknownSession, Reason: "no such session (a broker restart forgets every session)"}, nil
	}
	now := t.clock.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	d, evs := s.authorize(now, gen, runtime, tool)
	d.Runtime, d.Generation, d.State = s.runtime, s.gen, s.state
	if s.state == StateVerified && now < s.expires {
		d.ExpiresIn = s.expires - now
	}
	return d, evs
}

func (s *session) authorize(now time.Duration, gen uint64, runtime, tool string) (Decision, []Event) {
	s.gateSeen = true
	if runtime != "" && runtime != s.runtime {
		return Decision{Code: wire.CodeUnknownSession, Reason: fmt.Sprintf("session is registered for runtime %s, not %s", s.runtime, runtime)}, nil
	}
	if gen != s.gen {
		return Decision{Code: wire.CodeGenerationMismatch, Reason: fmt.Sprintf("generation %d is stale, the session is at %d", gen, s.gen)}, nil
	}
	var d Decision
	if s.allow != nil && !s.allow[tool] {
		why := fmt.Sprintf("tool %s is outside the task allow-list", tool)
		if s.allowMode == AllowEnforce {
			return Decision{Code: wire.CodePolicyDenied, Reason: why}, nil
		}
		d.ShadowDeny = why
	}
	var evs []Event
	if s.expireLocked(now) {
		evs = append(evs, s.event(EventExpired, "ttl elapsed"))
		if !ReadOnly(s.runtime, tool) {
			d.Code, d.Reason = wire.CodeLeaseExpired, "the lease expired"
			return d, evs
		}
	}
	if ReadOnly(s.runtime, tool) {
		d.Allow, d.ReadOnly = true, true
		return d, evs
	}
	if s.state == StateUnverified && s.lapsed {
		d.Code, d.Reason = wire.CodeLeaseExpired, "the lease expired"
		return d, evs
	}
	if s.state != StateVerified {
		d.Code, d.Reason = wire.CodeLeaseNotVerified, fmt.Sprintf("%s needs a VERIFIED lease; the session is %s", tool, s.state)
		return d, evs
	}
	d.Allow = true
	return d, evs
}

// BeginVerification starts a verification cycle of session id at generation
// gen: it first removes the session's authority and any pending token, then
// records PENDING_VERIFICATION and mints a single-use promotion token bound
// to (session, generation, binding, cycle). The token is returned hex-encoded
// and is never stored in the clear anywhere else.
func (t *Table) BeginVerification(id string, gen uint64, binding string) (string, Info, []Event, error) {
	s := t.get(id)
	if s == nil {
		return "", Info{}, nil, ErrUnknownSession
	}
	var tok [TokenBytes]byte
	if err := t.random(tok[:]); err != nil {
		return "", Info{}, nil, fmt.Errorf("promotion token: %w", err)
	}
	now := t.clock.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	if gen != s.gen {
		return "", Info{}, nil, fmt.Errorf("%w: asked %d, session is at %d", ErrGenerationMismatch, gen, s.gen)
	}
	var evs []Event
	if s.expireLocked(now) {
		evs = append(evs, s.event(EventExpired, "ttl elapsed"))
	}
	if s.state != StateUnverified || s.tokenLive {
		s.dropAuthority()
		evs = append(evs, s.event(EventRevoked, "begin_verification"))
	}
	s.cycle++
	s.binding = binding
	s.token = tok
	s.tokenLive = true
	s.state = StatePendingVerification
	evs = append(evs, s.event(EventPending, ""))
	return hex.EncodeToString(tok[:]), s.info(now), evs, nil
}

// Promote turns a PENDING_VERIFICATION session VERIFIED for ttl (capped at
// MaxTTL) when generation, binding and token match the current cycle
// exactly and the gate has been seen. The token is consumed before the state
// changes; a refused promotion leaves the session as it was.
func (t *Table) Promote(id string, gen uint64, binding, token string, ttl time.Duration) (Info, []Event, error) {
	s := t.get(id)
	if s == nil {
		return Info{}, nil, ErrUnknownSession
	}
	if ttl <= 0 {
		return Info{}, nil, ErrTTLInvalid
	}
	if ttl > MaxTTL {
		ttl = MaxTTL
	}
	given, err := hex.DecodeString(token)
	if err != nil || len(given) != TokenBytes {
		given = make([]byte, TokenBytes) // compare anyway, never matches a live token by construction below
		err = ErrTokenRefused
	}
	now := t.clock.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	if gen != s.gen {
		return Info{}, nil, fmt.Errorf("%w: asked %d, session is at %d", ErrGenerationMismatch, gen, s.gen)
	}
	if s.state != StatePendingVerification || !s.tokenLive {
		return Info{}, nil, fmt.Errorf("%w (session is %s)", ErrNotPending, s.state)
	}
	match := subtle.ConstantTimeCompare(given, s.token[:]) == 1
	if err != nil || !match {
		return Info{}, nil, ErrTokenRefused
	}
	if binding != s.binding {
		return Info{}, nil, ErrBindingMismatch
	}
	if !s.gateSeen {
		return Info{}, nil, ErrGateNeverSeen
	}
	// Consume first: from here the token can never be used again.
	s.tokenLive = false
	s.token = [TokenBytes]byte{}
	s.consumedCycle = s.cycle
	// Then promote, last.
	s.expires = now + ttl
	s.state = StateVerified
	ev := s.event(EventVerified, "")
	ev.Reason = fmt.Sprintf("ttl %s", ttl)
	return s.info(now), []Event{ev}, nil
}

// Revoke removes the session's authority and any pending token at once.
func (t *Table) Revoke(id, reason string) (Info, []Event, error) {
	s := t.get(id)
	if s == nil {
		return Info{}, nil, ErrUnknownSession
	}
	now := t.clock.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	var evs []Event
	if s.expireLocked(now) {
		evs = append(evs, s.event(EventExpired, "ttl elapsed"))
	}
	s.dropAuthority()
	evs = append(evs, s.event(EventRevoked, reason))
	return s.info(now), evs, nil
}

// BumpGeneration increases the session's runtime generation, which removes
// its authority and pending token. gen must be the current generation.
func (t *Table) BumpGeneration(id string, gen uint64) (Info, []Event, error) {
	s := t.get(id)
	if s == nil {
		return Info{}, nil, ErrUnknownSession
	}
	now := t.clock.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	if gen != s.gen {
		return Info{}, nil, fmt.Errorf("%w: asked %d, session is at %d", ErrGenerationMismatch, gen, s.gen)
	}
	var evs []Event
	if s.expireLocked(now) {
		evs = append(evs, s.event(EventExpired, "ttl elapsed"))
	}
	if s.state != StateUnverified || s.tokenLive {
		s.dropAuthority()
		evs = append(evs, s.event(EventRevoked, "generation bumped"))
	}
	s.gen++
	evs = append(evs, s.event(EventGenerationBumped, ""))
	return s.info(now), evs, nil
}

// ExpireDue expires every VERIFIED lease whose TTL has elapsed and returns
// the events. Authorize also expires lazily, so this only makes the audit
// log timely.
func (t *Table) ExpireDue() []Event {
	now := t.clock.Now()
	t.mu.RLock()
	all := make([]*session, 0, len(t.sessions))
	for _, s := range t.sessions {
		all = append(all, s)
	}
	t.mu.RUnlock()
	var evs []Event
	for _, s := range all {
		s.mu.Lock()
		if s.expireLocked(now) {
			evs = append(evs, s.event(EventExpired, "ttl elapsed"))
		}
		s.mu.Unlock()
	}
	return evs
}

// Forget removes a session entirely (its runtime has exited). It reports
// whether the session existed.
func (t *Table) Forget(id string) bool {
	t.mu.Lock()
	s, ok := t.sessions[id]
	delete(t.sessions, id)
	t.mu.Unlock()
	if ok {
		s.mu.Lock()
		s.dropAuthority()
		s.mu.Unlock()
	}
	return ok
}

// Get returns a snapshot of one session.
func (t *Table) Get(id string) (Info, bool) {
	s := t.get(id)
	if s == nil {
		return Info{}, false
	}
	now := t.clock.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.info(now), true
}

// Sessions returns snapshots of every session, sorted by ID.
func (t *Table) Sessions() []Info {
	t.mu.RLock()
	all := make([]*session, 0, len(t.sessions))
	for _, s := range t.sessions {
		all = append(all, s)
	}
	t.mu.RUnlock()
	now := t.clock.Now()
	out := make([]Info, 0, len(all))
	for _, s := range all {
		s.mu.Lock()
		out = append(out, s.info(now))
		s.mu.Unlock()
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Len returns the number of sessions.
func (t *Table) Len() int {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return len(t.sessions)
}
