package broker

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/leasegate/leasegate/lease"
)

// DefaultToolCallCap is the default per-session cap on tool.call (and,
// separately, file.touch) audit records.
const DefaultToolCallCap = 400

// NoVerifier is the Config.VerifierUID meaning "only the broker's own user".
const NoVerifier = -1

// Config configures a Server.
type Config struct {
	// Socket is the socket path (see SocketPath).
	Socket string
	// AuditPath is the audit log; empty means DefaultAuditPath(Socket).
	AuditPath     string
	AuditMaxBytes int64
	AuditKeep     int
	// VerifierUID is another user allowed to verify (NoVerifier: none).
	VerifierUID int
	// Policy, when set, may deny calls the lease allows.
	Policy Policy
	// ToolCallCap caps tool.call and file.touch records per session (0:
	// DefaultToolCallCap, negative: no cap).
	ToolCallCap int
	// Clock drives lease expiry (default: the monotonic clock).
	Clock lease.Clock
	// SweepInterval is how often expiries are logged and sessions whose
	// runtime exited are forgotten (default 1s).
	SweepInterval time.Duration
	// MaxConns caps concurrent connections (default 4096).
	MaxConns int
	// MaxSessions caps live sessions (default 65536) and
	// MaxSessionsPerRuntime the sessions anchored on one process (default
	// 1024), so a runaway agent cannot grow the broker without bound.
	MaxSessions, MaxSessionsPerRuntime int
	// IdleTimeout closes a connection that sends nothing for this long
	// (default 10 minutes); WriteTimeout bounds writing one reply (default
	// 5 s), so a client that never reads cannot hold the broker.
	IdleTimeout, WriteTimeout time.Duration
}

// DefaultAuditPath is $XDG_STATE_HOME/leasegate/audit.jsonl when
// XDG_STATE_HOME is set, else audit.jsonl beside the socket.
func DefaultAuditPath(socket string) string {
	if d := os.Getenv("XDG_STATE_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "leasegate", "audit.jsonl")
	}
	return filepath.Join(filepath.Dir(socket), "audit.jsonl")
}

// RuleAllowList is the rule name recorded when a session's task allow-list
// denies (or in shadow mode would deny) a tool.
const RuleAllowList = "allow-list"

// Server is a running broker.
type Server struct {
	cfg     Config
	uid     int
	table   *lease.Table
	audit   *Audit
	ln      *net.UnixListener
	lock    *os.File
	started time.Time

	mu      sync.RWMutex
	meta    map[string]*sessionMeta
	anchors map[anchorKey]int

	connMu  sync.Mutex
	conns   map[*net.UnixConn]struct{}
	connWG  sync.WaitGroup
	closing atomic.Bool
	closeMu sync.Once
	done    chan struct{}

	nAuth, nAllow, nDeny, nPanic atomic.Uint64
}

type anchorKey struct {
	pid   int
	start uint64
}

type sessionMeta struct {
	anchor    anchorKey
	fd        pidfd
	runtime   string
	gateFiles []string
	dangerous bool

	mu                         sync.Mutex
	toolCalls, fileTouches     int
	droppedCalls, droppedTouch int
}

// Listen prepares the socket folder (creating it 0700, refusing an unsafe
// one), takes the folder lock (ErrAlreadyRunning if another broker has it),
// opens the audit log, replaces a stale socket and binds a new one (0600;
// 0666 inside a 0711 folder when a verifier uid must reach it, then peer
// credentials are the only gate).
func Listen(cfg Config) (*Server, error) {
	if cfg.Socket == "" {
		return nil, errors.New("no socket path")
	}
	if cfg.ToolCallCap == 0 {
		cfg.ToolCallCap = DefaultToolCallCap
	}
	if cfg.SweepInterval <= 0 {
		cfg.SweepInterval = time.Second
	}
	if cfg.MaxConns <= 0 {
		cfg.MaxConns = 4096
	}
	if cfg.MaxSessions <= 0 {
		cfg.MaxSessions = 65536
	}
	if cfg.MaxSessionsPerRuntime <= 0 {
		cfg.MaxSessionsPerRuntime = 1024
	}
	if cfg.IdleTimeout <= 0 {
		cfg.IdleTimeout = 10 * time.Minute
	}
	if cfg.WriteTimeout <= 0 {
		cfg.WriteTimeout = 5 * time.Second
	}
	if cfg.AuditPath == "" {
		cfg.AuditPath = DefaultAuditPath(cfg.Socket)
	}
	verifier := cfg.VerifierUID >= 0 && cfg.VerifierUID != os.Geteuid()
	if !verifier {
		cfg.VerifierUID = NoVerifier
	}
	dir := filepath.Dir(cfg.Socket)
	if err := prepareDir(dir, verifier); err != nil {
		return nil, err
	}
	lock, err := lockDir(dir)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(cfg.AuditPath), 0o700); err != nil {
		lock.Close()
		return nil, fmt.Errorf("audit log: %w", err)
	}
	audit, err := OpenAudit(cfg.AuditPath, cfg.AuditMaxBytes, cfg.AuditKeep)
	if err != nil {
		lock.Close()
		return nil, err
	}
	mode := fs.FileMode(0o600)
	if verifier {
		mode = 0o666
	}
	ln, err := listenSocket(cfg.Socket, mode)
	if err != nil {
		audit.Close()
		lock.Close()
		return nil, err
	}
	return &Server{
		cfg:     cfg,
		uid:     os.Geteuid(),
		table:   lease.New(lease.Config{Clock: cfg.Clock}),
		audit:   audit,
		ln:      ln,
		lock:    lock,
		started: time.Now(),
		meta:    make(map[string]*sessionMeta),
		anchors: make(map[anchorKey]int),
		conns:   make(map[*net.UnixConn]struct{}),
		done:    make(chan struct{}),
	}, nil
}

// Addr returns the socket path.
func (s *Server) Addr() string { return s.cfg.Socket }

// AuditPath returns the audit log path.
func (s *Server) AuditPath() string { return s.cfg.AuditPath }

// Serve accepts connections until ctx is done or Close is called. It
// returns nil after a Close.
func (s *Server) Serve(ctx context.Context) error {
	stop := context.AfterFunc(ctx, func() { s.Close() })
	defer stop()
	go s.sweep()
	sem := make(chan struct{}, s.cfg.MaxConns)
	for {
		c, err := s.ln.AcceptUnix()
		if err != nil {
			if s.closing.Load() {
				return nil
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				continue
			}
			if errors.Is(err, syscallEMFILE) || errors.Is(err, syscallENFILE) {
				time.Sleep(10 * time.Millisecond)
				continue
			}
			return err
		}
		select {
		case sem <- struct{}{}:
		default:
			c.Close() // over the connection cap: refuse, keep serving the rest
			continue
		}
		s.connMu.Lock()
		if s.closing.Load() {
			s.connMu.Unlock()
			c.Close()
			<-sem
			continue
		}
		s.conns[c] = struct{}{}
		s.connWG.Add(1)
		s.connMu.Unlock()
		go func() {
			defer func() { <-sem }()
			s.serveConn(c)
		}()
	}
}

// Close stops the broker: it closes the listener (removing the socket) and
// every connection, and releases the lock. Every lease is forgotten.
func (s *Server) Close() error {
	s.closeMu.Do(func() {
		s.closing.Store(true)
		s.ln.Close()
		s.connMu.Lock()
		for c := range s.conns {
			c.Close()
		}
		s.connMu.Unlock()
		s.connWG.Wait()
		close(s.done)
		s.mu.Lock()
		for _, m := range s.meta {
			m.fd.close()
		}
		s.mu.Unlock()
		s.audit.Close()
		s.lock.Close()
	})
	return nil
}

func (s *Server) sweep() {
	t := time.NewTicker(s.cfg.SweepInterval)
	defer t.Stop()
	for {
		select {
		case <-s.done:
			return
		case <-t.C:
		}
		s.logEvents(s.table.ExpireDue(), nil)
		s.mu.RLock()
		var gone []string
		for id, m := range s.meta {
			if !anchorAlive(m) {
				gone = append(gone, id)
			}
		}
		s.mu.RUnlock()
		for _, id := range gone {
			s.forget(id, "runtime exited")
		}
	}
}

func anchorAlive(m *sessionMeta) bool {
	if m.fd >= 0 {
		return !m.fd.exited()
	}
	st, err := readProcStat(m.anchor.pid)
	return err == nil && st.start == m.anchor.start
}

func (s *Server) forget(id, reason string) {
	in, ok := s.table.Get(id)
	if !s.table.Forget(id) {
		return
	}
	s.mu.Lock()
	if m := s.meta[id]; m != nil {
		m.fd.close()
		if s.anchors[m.anchor]--; s.anchors[m.anchor] <= 0 {
			delete(s.anchors, m.anchor)
		}
		delete(s.meta, id)
	}
	s.mu.Unlock()
	if ok {
		_ = s.audit.Write(Record{Kind: KindLeaseRevoked, Session: id, Generation: in.Generation, Runtime: in.Runtime, Reason: reason})
	}
}

// connState is the per-connection view of the peer.
type connState struct {
	peer   *peer
	inTree map[string]bool // session -> peer descends from its runtime
}

func (s *Server) serveConn(c *net.UnixConn) {
	defer func() {
		if r := recover(); r != nil {
			s.nPanic.Add(1) // a bug: drop this connection, keep serving
		}
		s.connMu.Lock()
		delete(s.conns, c)
		s.connMu.Unlock()
		c.Close()
		s.connWG.Done()
	}()
	w := bufio.NewWriterSize(c, 4096)
	send := func(rep Reply) bool {
		rep.V = ProtocolVersion
		b, err := json.Marshal(rep)
		if err != nil {
			b, _ = json.Marshal(Reply{V: ProtocolVersion, Code: CodeInternal, Error: "encode reply"})
		}
		_ = c.SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout))
		w.Write(b)
		w.WriteByte('\n')
		return w.Flush() == nil
	}
	p, err := peerOf(c)
	if err != nil {
		send(Reply{Code: CodePeerRefused, Error: err.Error()})
		return
	}
	defer p.close()
	r := bufio.NewReaderSize(c, 4096)
	if p.uid != s.uid && p.uid != s.cfg.VerifierUID {
		// Read (and ignore) one request so the refusal arrives as a reply
		// rather than as a broken pipe.
		_ = c.SetReadDeadline(time.Now().Add(time.Second))
		_, _ = readLine(r, MaxLineBytes)
		send(Reply{Code: CodePeerRefused, Error: fmt.Sprintf("uid %d may not use this broker", p.uid)})
		return
	}
	cs := &connState{peer: p, inTree: make(map[string]bool)}
	for {
		_ = c.SetReadDeadline(time.Now().Add(s.cfg.IdleTimeout))
		line, err := readLine(r, MaxLineBytes)
		if err != nil {
			if errors.Is(err, errLineTooLong) {
				send(Reply{Code: CodeBadRequest, Error: fmt.Sprintf("request line over %d bytes", MaxLineBytes)})
			}
			return
		}
		if !send(s.handleLine(cs, line)) {
			return
		}
	}
}

func fail(code, format string, args ...any) Reply {
	return Reply{Code: code, Error: fmt.Sprintf(format, args...)}
}

// verifierOps are the operations the verifier uid may use.
var verifierOps = map[string]bool{
	OpBeginVerification: true, OpPromote: true, OpRevoke: true,
	OpStatus: true, OpSessions: true, OpEvents: true,
}

func (s *Server) handleLine(cs *connState, line []byte) (rep Reply) {
	defer func() {
		if r := recover(); r != nil {
			s.nPanic.Add(1)
			rep = fail(CodeInternal, "internal error")
		}
	}()
	var req Request
	if err := json.Unmarshal(line, &req); err != nil {
		return fail(CodeBadRequest, "request is not a JSON object: %v", err)
	}
	if req.V != ProtocolVersion {
		return fail(CodeUnsupportedVersion, "protocol version %d, this broker speaks %d", req.V, ProtocolVersion)
	}
	if cs.peer.uid != s.uid && !verifierOps[req.Op] {
		return fail(CodePeerRefused, "the verifier uid may not %s", req.Op)
	}
	switch req.Op {
	case OpRegister:
		return s.opRegister(cs, &req)
	case OpSessionStart:
		return s.opSessionStart(cs, &req)
	case OpAuthorize:
		return s.opAuthorize(cs, &req)
	case OpCompact:
		return s.opCompact(cs, &req)
	case OpTap:
		return s.opTap(cs, &req)
	case OpRevoke:
		return s.opRevoke(cs, &req)
	case OpBumpGeneration:
		return s.opBump(cs, &req)
	case OpBeginVerification:
		return s.opBegin(cs, &req)
	case OpPromote:
		return s.opPromote(cs, &req)
	case OpStatus:
		return s.opStatus(cs)
	case OpSessions:
		return s.opSessions(cs)
	case OpEvents:
		return s.opEvents(cs, &req)
	case "":
		return fail(CodeBadRequest, "missing op")
	}
	return fail(CodeUnknownOp, "unknown op %q", req.Op)
}

// inSessionTree reports whether the peer descends from (or is) the
// registered runtime of session id, matching PID and start time.
func (s *Server) inSessionTree(cs *connState, id string) bool {
	if v, ok := cs.inTree[id]; ok {
		return v
	}
	s.mu.RLock()
	m := s.meta[id]
	s.mu.RUnlock()
	if m == nil {
		return false
	}
	isAnchor := func(st procStat) bool { return st.pid == m.anchor.pid && st.start == m.anchor.start }
	chain, err := cs.peer.chain(isAnchor)
	if err != nil {
		return false
	}
	in := isAnchor(chain[len(chain)-1])
	if len(cs.inTree) < 64 {
		cs.inTree[id] = in
	}
	return in
}

// outsideEveryTree reports whether the peer is alive and descends from no
// registered runtime at all: the condition for verifying.
func (s *Server) outsideEveryTree(cs *connState) (bool, string) {
	chain, err := cs.peer.chain(nil)
	if err != nil {
		return false, "cannot establish the peer's process ancestry: " + err.Error()
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	for _, st := range chain {
		if s.anchors[anchorKey{st.pid, st.start}] > 0 {
			return false, fmt.Sprintf("the peer runs inside a registered runtime's process tree (pid %d)", st.pid)
		}
	}
	return true, ""
}

func uidPtr(uid int) *int { return &uid }

func (s *Server) logEvents(evs []lease.Event, uid *int) {
	for _, e := range evs {
		_ = s.audit.Write(Record{Kind: string(e.Kind), Session: e.Session, Generation: e.Generation,
			Runtime: e.Runtime, Cycle: e.Cycle, Reason: e.Reason, UID: uid})
	}
}

func (s *Server) opRegister(cs *connState, req *Request) Reply {
	p := cs.peer
	if req.PID <= 0 || req.PID != p.pid {
		return fail(CodePeerRefused, "register: pid %d is not the connecting process (%d)", req.PID, p.pid)
	}
	if !lease.KnownRuntime(req.Runtime) {
		return fail(CodeUnknownRuntime, "register: unknown runtime %q (want claude or pi)", req.Runtime)
	}
	opts, err := s.allowList(req.Args)
	if err != nil {
		return fail(CodeBadAllowList, "register: %v", err)
	}
	var gateFiles []string
	if dir := req.Args[ArgConfigDir]; dir != "" {
		if !filepath.IsAbs(dir) {
			return fail(CodeBadRequest, "register: %s must be an absolute path", ArgConfigDir)
		}
		gateFiles = []string{filepath.Join(filepath.Clean(dir), "settings.json")}
	}
	dangerous := req.Args[ArgDangerous] == "true"
	fd := pidfdOpen(p.pid)
	if !p.alive() {
		fd.close()
		return fail(CodePeerRefused, "register: the registering process is gone")
	}
	if st, err := readProcStat(p.pid); err != nil || st.start != p.start || fd.exited() {
		fd.close()
		return fail(CodePeerRefused, "register: cannot anchor pid %d", p.pid)
	}
	key := anchorKey{p.pid, p.start}
	s.mu.Lock()
	if len(s.meta) >= s.cfg.MaxSessions || s.anchors[key] >= s.cfg.MaxSessionsPerRuntime {
		s.mu.Unlock()
		fd.close()
		return fail(CodeTooManySessions, "register: session limit reached (%d in all, %d per runtime process)", s.cfg.MaxSessions, s.cfg.MaxSessionsPerRuntime)
	}
	s.anchors[key]++ // reserve the slot
	s.mu.Unlock()
	in, evs, err := s.table.Register(req.Runtime, opts)
	if err != nil {
		s.mu.Lock()
		if s.anchors[key]--; s.anchors[key] <= 0 {
			delete(s.anchors, key)
		}
		s.mu.Unlock()
		fd.close()
		if errors.Is(err, lease.ErrBadAllowList) {
			return fail(CodeBadAllowList, "%v", err)
		}
		return fail(CodeInternal, "register: %v", err)
	}
	s.mu.Lock()
	s.meta[in.ID] = &sessionMeta{anchor: key, fd: fd, runtime: in.Runtime, gateFiles: gateFiles, dangerous: dangerous}
	s.mu.Unlock()
	for _, e := range evs {
		rec := Record{Kind: string(e.Kind), Session: e.Session, Generation: e.Generation, Runtime: e.Runtime, PID: p.pid}
		if dangerous {
			rec.Reason = "dangerous mode"
		}
		_ = s.audit.Write(rec)
	}
	return Reply{OK: true, Session: in.ID, Generation: in.Generation, State: in.State.String()}
}

// allowList builds a registration's task allow-list from allow_tools and
// tool_profile (both given: only tools in both), in allow_tools_mode.
func (s *Server) allowList(args map[string]string) (lease.Options, error) {
	var opts lease.Options
	raw, hasList := args[ArgAllowTools]
	profile, hasProfile := args[ArgToolProfile]
	if !hasList && !hasProfile {
		if _, ok := args[ArgAllowToolsMode]; ok {
			return opts, fmt.Errorf("%s without %s or %s", ArgAllowToolsMode, ArgAllowTools, ArgToolProfile)
		}
		return opts, nil
	}
	mode, err := lease.ParseAllowMode(args[ArgAllowToolsMode])
	if err != nil {
		return opts, err
	}
	opts.AllowMode = mode
	var list []string
	if hasList {
		list = []string{}
		for _, t := range strings.Split(raw, ",") {
			if t = strings.TrimSpace(t); t != "" {
				list = append(list, t)
			}
		}
	}
	if hasProfile {
		ps, ok := s.cfg.Policy.(ProfileSource)
		if !ok {
			return opts, fmt.Errorf("tool profile %q: the broker runs without a policy that defines profiles", profile)
		}
		tools, ok := ps.Profile(profile)
		if !ok {
			return opts, fmt.Errorf("unknown tool profile %q", profile)
		}
		if list == nil {
			list = tools
		} else {
			in := map[string]bool{}
			for _, t := range tools {
				in[t] = true
			}
			narrowed := []string{}
			for _, t := range list {
				if in[t] {
					narrowed = append(narrowed, t)
				}
			}
			list = narrowed
		}
	}
	opts.AllowTools = list
	return opts, nil
}

// sessionPeer checks that the session exists and that the peer is in its
// tree; it returns a failure reply otherwise.
func (s *Server) sessionPeer(cs *connState, id string) (Reply, bool) {
	if id == "" {
		return fail(CodeBadRequest, "missing session"), false
	}
	if _, ok := s.table.Get(id); !ok {
		return fail(CodeUnknownSession, "no such session (a broker restart forgets every session)"), false
	}
	if !s.inSessionTree(cs, id) {
		return fail(CodePeerRefused, "the peer (pid %d) is outside the session's runtime tree", cs.peer.pid), false
	}
	return Reply{}, true
}

func (s *Server) opSessionStart(cs *connState, req *Request) Reply {
	if rep, ok := s.sessionPeer(cs, req.Session); !ok {
		return rep
	}
	_ = s.table.MarkGateSeen(req.Session)
	in, _ := s.table.Get(req.Session)
	return Reply{OK: true, Session: in.ID, Generation: in.Generation, State: in.State.String()}
}

func (s *Server) opAuthorize(cs *connState, req *Request) Reply {
	s.nAuth.Add(1)
	rec := Record{Kind: KindGateDenied, Session: req.Session, Generation: req.Generation, Runtime: req.Runtime,
		Tool: req.Tool, Event: req.Event, AgentID: req.AgentID, AgentType: req.AgentType}
	if rec.Event == "" {
		rec.Event = "PreToolUse"
	}
	var d lease.Decision
	deny := func(code, reason string) Reply {
		s.nDeny.Add(1)
		rec.Code, rec.Reason = code, reason
		_ = s.audit.Write(rec)
		rep := Reply{OK: true, Code: code, Error: code + ": " + reason, Session: req.Session, Generation: d.Generation}
		if d.Generation != 0 {
			rep.State = d.State.String()
		}
		return rep
	}
	if req.Tool == "" {
		return deny(CodeUnknownSession, "missing tool name")
	}
	if req.Session == "" {
		return deny(CodeUnknownSession, "missing session identity")
	}
	m := s.metaOf(req.Session)
	if m == nil {
		return deny(CodeUnknownSession, "no such session (a broker restart forgets every session)")
	}
	if !s.inSessionTree(cs, req.Session) {
		return deny(CodeUnknownSession, fmt.Sprintf("the peer (pid %d) is outside the session's runtime tree", cs.peer.pid))
	}
	var evs []lease.Event
	d, evs = s.table.Authorize(req.Session, req.Generation, req.Runtime, req.Tool)
	s.logEvents(evs, nil)
	if d.Generation == 0 { // forgotten between the two looks
		return deny(CodeUnknownSession, "no such session (a broker restart forgets every session)")
	}
	rec.Runtime, rec.Generation = d.Runtime, d.Generation
	if !d.Allow {
		return deny(string(d.Code), d.Reason)
	}
	if d.ShadowDeny != "" {
		w := rec
		w.Kind, w.Rule, w.Reason, w.Code = KindGateWouldDeny, RuleAllowList, d.ShadowDeny, CodePolicyDenied
		_ = s.audit.Write(w)
	}
	if s.cfg.Policy != nil {
		call := Call{Runtime: d.Runtime, Tool: req.Tool, AgentType: req.AgentType, AgentID: req.AgentID,
			Session: req.Session, Cwd: req.Cwd, Input: req.ToolInput, Verified: d.State == lease.StateVerified,
			GateFiles: m.gateFiles}
		for _, pd := range s.cfg.Policy.Evaluate(call) {
			if pd.Shadow {
				w := rec
				w.Kind, w.Rule, w.Reason, w.Code = KindGateWouldDeny, pd.Rule, pd.Reason, CodePolicyDenied
				_ = s.audit.Write(w)
				continue
			}
			rec.Rule = pd.Rule
			return deny(CodePolicyDenied, fmt.Sprintf("rule %s: %s", pd.Rule, pd.Reason))
		}
	}
	rec.Kind = KindToolCall
	if s.mayRecord(m, KindToolCall) {
		_ = s.audit.Write(rec)
	}
	if err := s.audit.Err(); err != nil {
		return deny(CodeGateUnavailable, "audit log unwritable, failing closed: "+err.Error())
	}
	s.nAllow.Add(1)
	return Reply{OK: true, Allow: true, Session: req.Session, Generation: d.Generation, State: d.State.String(),
		ExpiresIn: d.ExpiresIn.Seconds()}
}

func (s *Server) metaOf(id string) *sessionMeta {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.meta[id]
}

// mayRecord reports whether one more record of kind may be written for
// the session, counting the ones it drops.
func (s *Server) mayRecord(m *sessionMeta, kind string) bool {
	if m == nil {
		return true
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	n, dropped := &m.toolCalls, &m.droppedCalls
	if kind == KindFileTouch {
		n, dropped = &m.fileTouches, &m.droppedTouch
	}
	if s.cfg.ToolCallCap > 0 && *n >= s.cfg.ToolCallCap {
		*dropped++
		return false
	}
	*n++
	return true
}

func (s *Server) opCompact(cs *connState, req *Request) Reply {
	if rep, ok := s.sessionPeer(cs, req.Session); !ok {
		return rep
	}
	reason := req.Reason
	if reason == "" {
		reason = "compaction"
	}
	in, evs, err := s.table.Revoke(req.Session, reason)
	if err != nil {
		return fail(CodeUnknownSession, "%v", err)
	}
	s.logEvents(evs, nil)
	return Reply{OK: true, Session: in.ID, Generation: in.Generation, State: in.State.String()}
}

// touchedPaths extracts the file paths a tool input names.
func touchedPaths(input json.RawMessage) []string {
	if len(input) == 0 {
		return nil
	}
	var v map[string]json.RawMessage
	if json.Unmarshal(input, &v) != nil {
		return nil
	}
	var out []string
	for _, k := range []string{"file_path", "notebook_path", "path"} {
		var p string
		if raw, ok := v[k]; ok && json.Unmarshal(raw, &p) == nil && p != "" {
			out = append(out, p)
		}
	}
	return out
}

func (s *Server) opTap(cs *connState, req *Request) Reply {
	if rep, ok := s.sessionPeer(cs, req.Session); !ok {
		return rep
	}
	in, _ := s.table.Get(req.Session)
	rec := Record{Kind: KindToolCall, Session: req.Session, Generation: in.Generation, Runtime: in.Runtime,
		Tool: req.Tool, Event: req.Event, AgentID: req.AgentID, AgentType: req.AgentType}
	if rec.Event == "" {
		rec.Event = "PostToolUse"
	}
	m := s.metaOf(req.Session)
	if s.mayRecord(m, KindToolCall) {
		_ = s.audit.Write(rec)
	}
	for _, p := range touchedPaths(req.ToolInput) {
		if s.mayRecord(m, KindFileTouch) {
			r := rec
			r.Kind, r.Path = KindFileTouch, p
			_ = s.audit.Write(r)
		}
	}
	return Reply{OK: true, Session: in.ID, Generation: in.Generation, State: in.State.String()}
}

// operatorOrOwn allows a peer in the session's own tree, or a peer outside
// every runtime tree (an operator or the verifier).
func (s *Server) operatorOrOwn(cs *connState, id string) (Reply, bool) {
	if id == "" {
		return fail(CodeBadRequest, "missing session"), false
	}
	if _, ok := s.table.Get(id); !ok {
		return fail(CodeUnknownSession, "no such session (a broker restart forgets every session)"), false
	}
	if cs.peer.uid == s.uid && s.inSessionTree(cs, id) {
		return Reply{}, true
	}
	if ok, why := s.outsideEveryTree(cs); !ok {
		return fail(CodePeerRefused, "%s", why), false
	}
	return Reply{}, true
}

func (s *Server) opRevoke(cs *connState, req *Request) Reply {
	if rep, ok := s.operatorOrOwn(cs, req.Session); !ok {
		return rep
	}
	reason := req.Reason
	if reason == "" {
		reason = "revoke"
	}
	in, evs, err := s.table.Revoke(req.Session, reason)
	if err != nil {
		return fail(CodeUnknownSession, "%v", err)
	}
	s.logEvents(evs, uidPtr(cs.peer.uid))
	return Reply{OK: true, Session: in.ID, Generation: in.Generation, State: in.State.String()}
}

func (s *Server) opBump(cs *connState, req *Request) Reply {
	if rep, ok := s.operatorOrOwn(cs, req.Session); !ok {
		return rep
	}
	in, evs, err := s.table.BumpGeneration(req.Session, req.Generation)
	if err != nil {
		return leaseFail(err)
	}
	s.logEvents(evs, uidPtr(cs.peer.uid))
	return Reply{OK: true, Session: in.ID, Generation: in.Generation, State: in.State.String()}
}

func leaseFail(err error) Reply {
	code := CodeInternal
	switch {
	case errors.Is(err, lease.ErrUnknownSession):
		code = CodeUnknownSession
	case errors.Is(err, lease.ErrGenerationMismatch):
		code = CodeGenerationMismatch
	case errors.Is(err, lease.ErrNotPending):
		code = CodeNotPending
	case errors.Is(err, lease.ErrTokenRefused):
		code = CodeTokenRefused
	case errors.Is(err, lease.ErrBindingMismatch):
		code = CodeBindingMismatch
	case errors.Is(err, lease.ErrTTLInvalid):
		code = CodeTTLInvalid
	case errors.Is(err, lease.ErrGateNeverSeen):
		code = CodeGateNeverSeen
	}
	return fail(code, "%v", err)
}

// verifierPeer checks the rules for begin_verification and promote.
func (s *Server) verifierPeer(cs *connState, req *Request) (Reply, bool) {
	if req.Session == "" {
		return fail(CodeBadRequest, "missing session"), false
	}
	if ok, why := s.outsideEveryTree(cs); !ok {
		return fail(CodePeerRefused, "%s: %s may not run from inside an agent", why, req.Op), false
	}
	return Reply{}, true
}

func (s *Server) opBegin(cs *connState, req *Request) Reply {
	if rep, ok := s.verifierPeer(cs, req); !ok {
		return rep
	}
	tok, in, evs, err := s.table.BeginVerification(req.Session, req.Generation, req.Binding)
	if err != nil {
		return leaseFail(err)
	}
	s.logEvents(evs, uidPtr(cs.peer.uid))
	return Reply{OK: true, Session: in.ID, Generation: in.Generation, State: in.State.String(), Token: tok}
}

func (s *Server) opPromote(cs *connState, req *Request) Reply {
	if rep, ok := s.verifierPeer(cs, req); !ok {
		return rep
	}
	in, evs, err := s.table.Promote(req.Session, req.Generation, req.Binding, req.Token, time.Duration(req.TTL)*time.Second)
	if err != nil {
		return leaseFail(err)
	}
	s.logEvents(evs, uidPtr(cs.peer.uid))
	return Reply{OK: true, Session: in.ID, Generation: in.Generation, State: in.State.String(), ExpiresIn: in.ExpiresIn.Seconds()}
}

// Status is the payload of a status reply.
type Status struct {
	PID            int     `json:"pid"`
	Socket         string  `json:"socket"`
	Audit          string  `json:"audit"`
	AuditError     string  `json:"audit_error,omitempty"`
	Sessions       int     `json:"sessions"`
	UptimeSeconds  float64 `json:"uptime_seconds"`
	VerifierUID    *int    `json:"verifier_uid,omitempty"`
	Policy         bool    `json:"policy"`
	Protocol       int     `json:"protocol"`
	Authorizations uint64  `json:"authorizations"`
	Allowed        uint64  `json:"allowed"`
	Denied         uint64  `json:"denied"`
	// InternalErrors counts requests that hit a bug (a recovered panic);
	// each was answered INTERNAL and denied.
	InternalErrors uint64 `json:"internal_errors"`
}

func (s *Server) opStatus(cs *connState) Reply {
	st := Status{PID: os.Getpid(), Socket: s.cfg.Socket, Audit: s.cfg.AuditPath, Sessions: s.table.Len(),
		UptimeSeconds: time.Since(s.started).Seconds(), Policy: s.cfg.Policy != nil, Protocol: ProtocolVersion,
		Authorizations: s.nAuth.Load(), Allowed: s.nAllow.Load(), Denied: s.nDeny.Load(), InternalErrors: s.nPanic.Load()}
	if err := s.audit.Err(); err != nil {
		st.AuditError = err.Error()
	}
	if s.cfg.VerifierUID >= 0 {
		st.VerifierUID = uidPtr(s.cfg.VerifierUID)
	}
	b, _ := json.Marshal(st)
	return Reply{OK: true, Data: b}
}

// SessionInfo is one entry of a sessions reply.
type SessionInfo struct {
	Session            string   `json:"session"`
	Runtime            string   `json:"runtime"`
	Generation         uint64   `json:"generation"`
	State              string   `json:"state"`
	Cycle              uint64   `json:"cycle"`
	Binding            string   `json:"binding,omitempty"`
	ExpiresIn          float64  `json:"expires_in_seconds,omitempty"`
	GateSeen           bool     `json:"gate_seen"`
	AllowTools         []string `json:"allow_tools,omitempty"`
	AllowToolsMode     string   `json:"allow_tools_mode,omitempty"`
	PID                int      `json:"pid"`
	Dangerous          bool     `json:"dangerous,omitempty"`
	ToolCalls          int      `json:"tool_calls"`
	DroppedToolCalls   int      `json:"dropped_tool_calls"`
	FileTouches        int      `json:"file_touches"`
	DroppedFileTouches int      `json:"dropped_file_touches"`
}

func (s *Server) opSessions(cs *connState) Reply {
	s.logEvents(s.table.ExpireDue(), nil)
	outside, _ := s.outsideEveryTree(cs)
	out := []SessionInfo{}
	for _, in := range s.table.Sessions() {
		if !outside && !(cs.peer.uid == s.uid && s.inSessionTree(cs, in.ID)) {
			continue // a peer inside an agent sees only its own sessions
		}
		si := SessionInfo{Session: in.ID, Runtime: in.Runtime, Generation: in.Generation, State: in.State.String(),
			Cycle: in.Cycle, Binding: in.Binding, ExpiresIn: in.ExpiresIn.Seconds(), GateSeen: in.GateSeen,
			AllowTools: in.AllowTools, AllowToolsMode: in.AllowMode.String()}
		s.mu.RLock()
		m := s.meta[in.ID]
		s.mu.RUnlock()
		if m != nil {
			m.mu.Lock()
			si.PID, si.ToolCalls, si.DroppedToolCalls = m.anchor.pid, m.toolCalls, m.droppedCalls
			si.Dangerous = m.dangerous
			si.FileTouches, si.DroppedFileTouches = m.fileTouches, m.droppedTouch
			m.mu.Unlock()
		}
		out = append(out, si)
	}
	b, _ := json.Marshal(out)
	return Reply{OK: true, Data: b}
}

// EventsPayload is the payload of an events reply.
type EventsPayload struct {
	Events    []Record `json:"events"`
	Skipped   int      `json:"skipped_lines,omitempty"`
	Truncated bool     `json:"truncated,omitempty"`
}

func (s *Server) opEvents(cs *connState, req *Request) Reply {
	if ok, _ := s.outsideEveryTree(cs); !ok {
		if req.Session == "" || cs.peer.uid != s.uid || !s.inSessionTree(cs, req.Session) {
			return fail(CodePeerRefused, "a peer inside an agent may only read its own session's events")
		}
	}
	f := Filter{Session: req.Session, Kind: req.Args[ArgKind]}
	if v := req.Args[ArgSince]; v != "" {
		t, err := time.Parse(time.RFC3339Nano, v)
		if err != nil {
			return fail(CodeBadRequest, "since: %v", err)
		}
		f.Since = t
	}
	if v := req.Args[ArgLimit]; v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return fail(CodeBadRequest, "limit: want a non-negative number")
		}
		f.Limit = n
	}
	recs, skipped, err := ReadEvents(s.cfg.AuditPath, s.cfg.AuditKeep, f)
	if err != nil {
		return fail(CodeInternal, "read audit log: %v", err)
	}
	p := EventsPayload{Events: recs, Skipped: skipped}
	if p.Events == nil {
		p.Events = []Record{}
	}
	for {
		b, _ := json.Marshal(p)
		if len(b) < MaxReplyBytes-4096 || len(p.Events) == 0 {
			return Reply{OK: true, Data: b}
		}
		p.Events, p.Truncated = p.Events[len(p.Events)/2:], true
	}
}
