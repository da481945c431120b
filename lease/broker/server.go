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
	"sync"
	"sync/atomic"
	"time"

	"github.com/leasegate/leasegate/lease"
	"github.com/leasegate/leasegate/lease/wire"
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
	// PolicyFile is the file Policy was loaded from ("" for the default),
	// reported by status so launch-runtime keeps it read-only.
	PolicyFile string
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
func DefaultAuditPath(socket string) string { return wire.DefaultAuditPath(socket) }

// RuleAllowList is the rule name recorded when a session's task allow-list
// denies (or in shadow mode would deny) a tool.
const RuleAllowList = "allow-list"

// Server is a running broker.
type Server struct {
	cfg   Config
	uid   int
	table *lease.Table
	audit *Audit
	ln    *net.UnixListener
	lock  *os.File
	// opLn is the operator socket (abstract.go), opName its name, opErr
	// why it is missing.
	opLn          *net.UnixListener
	opName, opErr string
	started       time.Time

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

// anchorKey identifies a runtime process for good: PID and start time.
type anchorKey struct {
	pid   int
	start uint64
}

// sessionMeta is what the broker keeps about a session beside the lease:
// its anchor, its policy inputs and its telemetry counters.
type sessionMeta struct {
	anchor    anchorKey
	fd        pidfd
	runtime   string
	gateFiles []string
	dangerous bool
	// confinement is the register argument ArgConfinement: how
	// launch-runtime confined the runtime's process tree.
	confinement string
	// sessionDir is the session's private folder (sessiondir.go).
	sessionDir string

	mu                         sync.Mutex
	toolCalls, fileTouches     int
	droppedCalls, droppedTouch int
}

// Listen prepares the socket folder (creating it 0700, refusing an unsafe
// one), takes the socket's lock file (ErrAlreadyRunning if another broker has it),
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
	lock, err := lockSocket(cfg.Socket)
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
	srv := &Server{
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
	}
	srv.listenOperator()
	return srv, nil
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
	go s.serveOperator()
	return s.acceptLoop(s.ln, s.cfg.MaxConns, false)
}

// acceptLoop accepts connections on ln until Close, at most maxConns at
// once (one over is closed at once, the rest keep being served), and
// serves each; operator marks the operator socket. It returns nil after a
// Close and the accept error otherwise; running out of file descriptors
// backs off instead of ending the loop.
func (s *Server) acceptLoop(ln *net.UnixListener, maxConns int, operator bool) error {
	sem := make(chan struct{}, maxConns)
	for {
		c, err := ln.AcceptUnix()
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
			s.serveConnVia(c, operator)
		}()
	}
}

// Close stops the broker: it closes the listener (removing the socket) and
// every connection, and releases the lock. Every lease is forgotten.
func (s *Server) Close() error {
	s.closeMu.Do(func() {
		s.closing.Store(true)
		s.ln.Close()
		if s.opLn != nil {
			s.opLn.Close()
		}
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

// sweep logs expiries and forgets sessions whose runtime exited.
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

// anchorAlive reports whether a session's runtime process still runs.
func anchorAlive(m *sessionMeta) bool {
	if m.fd >= 0 {
		return !m.fd.exited()
	}
	st, err := readProcStat(m.anchor.pid)
	return err == nil && st.start == m.anchor.start
}

// forget drops a session and records why.
func (s *Server) forget(id, reason string) {
	in, ok := s.table.Get(id)
	if !s.table.Forget(id) {
		return
	}
	var droppedCalls, droppedTouches int
	s.mu.Lock()
	if m := s.meta[id]; m != nil {
		droppedCalls, droppedTouches = m.droppedCalls, m.droppedTouch
		if reason == "runtime exited" {
			defer removeSessionDir(m.sessionDir)
		}
		m.fd.close()
		if s.anchors[m.anchor]--; s.anchors[m.anchor] <= 0 {
			delete(s.anchors, m.anchor)
		}
		delete(s.meta, id)
	}
	s.mu.Unlock()
	if ok {
		_ = s.audit.Write(Record{Kind: KindLeaseRevoked, Session: id, Generation: in.Generation, Runtime: in.Runtime, Reason: reason,
			DroppedToolCalls: droppedCalls, DroppedFileTouches: droppedTouches})
	}
}

// serveConnVia serves one connection; operator is true on the operator
// socket, which serves operatorOps only.
func (s *Server) serveConnVia(c *net.UnixConn, operator bool) {
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
	send := func(rep wire.Reply) bool {
		rep.V = wire.ProtocolVersion
		b, err := json.Marshal(rep)
		if err != nil {
			b, _ = json.Marshal(wire.Reply{V: wire.ProtocolVersion, Code: wire.CodeInternal, Error: "encode reply"})
		}
		_ = c.SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout))
		w.Write(b)
		w.WriteByte('\n')
		return w.Flush() == nil
	}
	p, err := peerOf(c)
	if err != nil {
		send(wire.Reply{Code: wire.CodePeerRefused, Error: err.Error()})
		return
	}
	defer p.close()
	r := bufio.NewReaderSize(c, 4096)
	if p.uid != s.uid && p.uid != s.cfg.VerifierUID {
		// Read (and ignore) one request so the refusal arrives as a reply
		// rather than as a broken pipe.
		_ = c.SetReadDeadline(time.Now().Add(time.Second))
		_, _ = wire.ReadLine(r, wire.MaxLineBytes)
		send(wire.Reply{Code: wire.CodePeerRefused, Error: fmt.Sprintf("uid %d may not use this broker", p.uid)})
		return
	}
	cs := &connState{peer: p, inTree: make(map[string]bool), operator: operator}
	for {
		_ = c.SetReadDeadline(time.Now().Add(s.cfg.IdleTimeout))
		line, err := wire.ReadLine(r, wire.MaxLineBytes)
		if err != nil {
			if errors.Is(err, wire.ErrLineTooLong) {
				send(wire.Reply{Code: wire.CodeBadRequest, Error: fmt.Sprintf("request line over %d bytes", wire.MaxLineBytes)})
			}
			return
		}
		if !send(s.handleLine(cs, line)) {
			return
		}
		if cs.stopAfterReply {
			// Close waits for this connection: run it beside.
			go s.Close()
			return
		}
	}
}

func fail(code wire.Code, format string, args ...any) wire.Reply {
	return wire.Reply{Code: code, Error: fmt.Sprintf(format, args...)}
}

func (s *Server) handleLine(cs *connState, line []byte) (rep wire.Reply) {
	defer func() {
		if r := recover(); r != nil {
			s.nPanic.Add(1)
			rep = fail(wire.CodeInternal, "internal error")
		}
	}()
	var req wire.Request
	if err := json.Unmarshal(line, &req); err != nil {
		return fail(wire.CodeBadRequest, "request is not a JSON object: %v", err)
	}
	if req.V != wire.ProtocolVersion {
		return fail(wire.CodeUnsupportedVersion, "protocol version %d, this broker speaks %d", req.V, wire.ProtocolVersion)
	}
	if cs.operator && !operatorOps[req.Op] {
		return fail(wire.CodePeerRefused, "the operator socket serves begin_verification, promote, stop and status only")
	}
	if cs.peer.uid != s.uid && !verifierOps[req.Op] {
		return fail(wire.CodePeerRefused, "the verifier uid may not %s", req.Op)
	}
	switch req.Op {
	case wire.OpRegister:
		return s.opRegister(cs, &req)
	case wire.OpSessionStart:
		return s.opSessionStart(cs, &req)
	case wire.OpAuthorize:
		return s.opAuthorize(cs, &req)
	case wire.OpCompact:
		return s.opCompact(cs, &req)
	case wire.OpTap:
		return s.opTap(cs, &req)
	case wire.OpRevoke:
		return s.opRevoke(cs, &req)
	case wire.OpBumpGeneration:
		return s.opBump(cs, &req)
	case wire.OpBeginVerification:
		return s.opBegin(cs, &req)
	case wire.OpPromote:
		return s.opPromote(cs, &req)
	case wire.OpStatus:
		return s.opStatus(cs)
	case wire.OpSessions:
		return s.opSessions(cs)
	case wire.OpEvents:
		return s.opEvents(cs, &req)
	case wire.OpStop:
		return s.opStop(cs)
	case "":
		return fail(wire.CodeBadRequest, "missing op")
	}
	return fail(wire.CodeUnknownOp, "unknown op %q", req.Op)
}

func (s *Server) logEvents(evs []lease.Event, uid *int) {
	for _, e := range evs {
		_ = s.audit.Write(Record{Kind: string(e.Kind), Session: e.Session, Generation: e.Generation,
			Runtime: e.Runtime, Cycle: e.Cycle, Reason: e.Reason, UID: uid})
	}
}
