package broker

// The operations of operators and verifiers.

import (
	"encoding/json"
	"errors"
	"os"
	"strconv"
	"time"

	"github.com/leasegate/leasegate/lease"
	"github.com/leasegate/leasegate/lease/wire"
)

// uidPtr returns a pointer to a copy of uid, for Record.UID.
func uidPtr(uid int) *int { return &uid }

// opRevoke removes a session's authority.
func (s *Server) opRevoke(cs *connState, req *wire.Request) wire.Reply {
	if rep, ok := s.operatorOrOwn(cs, req.Session); !ok {
		return rep
	}
	reason := req.Reason
	if reason == "" {
		reason = "revoke"
	}
	in, evs, err := s.table.Revoke(req.Session, reason)
	if err != nil {
		return fail(wire.CodeUnknownSession, "%v", err)
	}
	s.logEvents(evs, uidPtr(cs.peer.uid))
	return wire.Reply{OK: true, Session: in.ID, Generation: in.Generation, State: in.State.String()}
}

// opBump increases a session's generation.
func (s *Server) opBump(cs *connState, req *wire.Request) wire.Reply {
	if rep, ok := s.operatorOrOwn(cs, req.Session); !ok {
		return rep
	}
	in, evs, err := s.table.BumpGeneration(req.Session, req.Generation)
	if err != nil {
		return leaseFail(err)
	}
	s.logEvents(evs, uidPtr(cs.peer.uid))
	return wire.Reply{OK: true, Session: in.ID, Generation: in.Generation, State: in.State.String()}
}

// leaseFail maps an error of package lease to a failure reply.
func leaseFail(err error) wire.Reply {
	code := wire.CodeInternal
	switch {
	case errors.Is(err, lease.ErrUnknownSession):
		code = wire.CodeUnknownSession
	case errors.Is(err, lease.ErrGenerationMismatch):
		code = wire.CodeGenerationMismatch
	case errors.Is(err, lease.ErrNotPending):
		code = wire.CodeNotPending
	case errors.Is(err, lease.ErrTokenRefused):
		code = wire.CodeTokenRefused
	case errors.Is(err, lease.ErrBindingMismatch):
		code = wire.CodeBindingMismatch
	case errors.Is(err, lease.ErrTTLInvalid):
		code = wire.CodeTTLInvalid
	case errors.Is(err, lease.ErrGateNeverSeen):
		code = wire.CodeGateNeverSeen
	}
	return fail(code, "%v", err)
}

// opBegin starts a verification cycle and hands out its token.
func (s *Server) opBegin(cs *connState, req *wire.Request) wire.Reply {
	if rep, ok := s.verifierPeer(cs, req); !ok {
		return rep
	}
	tok, in, evs, err := s.table.BeginVerification(req.Session, req.Generation, req.Binding)
	if err != nil {
		return leaseFail(err)
	}
	s.logEvents(evs, uidPtr(cs.peer.uid))
	return wire.Reply{OK: true, Session: in.ID, Generation: in.Generation, State: in.State.String(), Token: tok}
}

// opPromote consumes a token and grants the lease.
func (s *Server) opPromote(cs *connState, req *wire.Request) wire.Reply {
	if rep, ok := s.verifierPeer(cs, req); !ok {
		return rep
	}
	in, evs, err := s.table.Promote(req.Session, req.Generation, req.Binding, req.Token, time.Duration(req.TTL)*time.Second)
	if err != nil {
		return leaseFail(err)
	}
	s.logEvents(evs, uidPtr(cs.peer.uid))
	return wire.Reply{OK: true, Session: in.ID, Generation: in.Generation, State: in.State.String(), ExpiresIn: in.ExpiresIn.Seconds()}
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
	// OperatorSocket is the abstract socket serving begin_verification
	// and promote ("@name"); OperatorSocketError says why there is none.
	OperatorSocket      string `json:"operator_socket,omitempty"`
	OperatorSocketError string `json:"operator_socket_error,omitempty"`
	// PolicyFile is the --policy file ("" for the shipped default).
	PolicyFile string `json:"policy_file,omitempty"`
}

// opStatus reports the broker's health and counters.
func (s *Server) opStatus(cs *connState) wire.Reply {
	st := Status{PID: os.Getpid(), Socket: s.cfg.Socket, Audit: s.cfg.AuditPath, Sessions: s.table.Len(),
		UptimeSeconds: time.Since(s.started).Seconds(), Policy: s.cfg.Policy != nil, Protocol: wire.ProtocolVersion,
		Authorizations: s.nAuth.Load(), Allowed: s.nAllow.Load(), Denied: s.nDeny.Load(), InternalErrors: s.nPanic.Load()}
	if err := s.audit.Err(); err != nil {
		st.AuditError = err.Error()
	}
	st.OperatorSocket, st.OperatorSocketError = s.opName, s.opErr
	st.PolicyFile = s.cfg.PolicyFile
	if s.cfg.VerifierUID >= 0 {
		st.VerifierUID = uidPtr(s.cfg.VerifierUID)
	}
	b, _ := json.Marshal(st)
	return wire.Reply{OK: true, Data: b}
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
	Confinement        string   `json:"confinement"`
}

// opSessions lists sessions (a peer inside a runtime tree: its own only).
func (s *Server) opSessions(cs *connState) wire.Reply {
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
			si.Confinement = confinementOrUnknown(m.confinement)
			si.FileTouches, si.DroppedFileTouches = m.fileTouches, m.droppedTouch
			m.mu.Unlock()
		}
		out = append(out, si)
	}
	b, _ := json.Marshal(out)
	return wire.Reply{OK: true, Data: b}
}

// EventsPayload is the payload of an events reply.
type EventsPayload struct {
	Events    []Record `json:"events"`
	Skipped   int      `json:"skipped_lines,omitempty"`
	Truncated bool     `json:"truncated,omitempty"`
}

// opEvents reads audit records through the broker.
func (s *Server) opEvents(cs *connState, req *wire.Request) wire.Reply {
	if ok, _ := s.outsideEveryTree(cs); !ok {
		if req.Session == "" || cs.peer.uid != s.uid || !s.inSessionTree(cs, req.Session) {
			return fail(wire.CodePeerRefused, "a peer inside an agent may only read its own session's events")
		}
	}
	f := Filter{Session: req.Session, Kind: req.Args[wire.ArgKind]}
	if v := req.Args[wire.ArgSince]; v != "" {
		t, err := time.Parse(time.RFC3339Nano, v)
		if err != nil {
			return fail(wire.CodeBadRequest, "since: %v", err)
		}
		f.Since = t
	}
	if v := req.Args[wire.ArgLimit]; v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return fail(wire.CodeBadRequest, "limit: want a non-negative number")
		}
		f.Limit = n
	}
	recs, skipped, err := ReadEvents(s.cfg.AuditPath, s.cfg.AuditKeep, f)
	if err != nil {
		return fail(wire.CodeInternal, "read audit log: %v", err)
	}
	p := EventsPayload{Events: recs, Skipped: skipped}
	if p.Events == nil {
		p.Events = []Record{}
	}
	for {
		b, _ := json.Marshal(p)
		if len(b) < wire.MaxReplyBytes-4096 || len(p.Events) == 0 {
			return wire.Reply{OK: true, Data: b}
		}
		p.Events, p.Truncated = p.Events[len(p.Events)/2:], true
	}
}
