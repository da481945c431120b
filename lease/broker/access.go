package broker

// Who may do what: the peer checks of docs/broker-protocol.md "Who may call what".

import (
	"fmt"
	"strings"

	"github.com/leasegate/leasegate/lease/wire"
)

// connState is the per-connection view of the peer.
type connState struct {
	peer   *peer
	inTree map[string]bool // session -> peer descends from its runtime
	// operator is true on the operator socket (abstract.go).
	operator bool
	// stopAfterReply is set by an accepted stop: the broker closes once
	// the reply is written.
	stopAfterReply bool
}

// verifierOps are the operations the verifier uid may use.
var verifierOps = map[string]bool{
	wire.OpBeginVerification: true, wire.OpPromote: true, wire.OpRevoke: true,
	wire.OpStatus: true, wire.OpSessions: true, wire.OpEvents: true,
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

// sessionPeer checks that the session exists and that the peer is in its
// tree; it returns a failure reply otherwise.
func (s *Server) sessionPeer(cs *connState, id string) (wire.Reply, bool) {
	if id == "" {
		return fail(wire.CodeBadRequest, "missing session"), false
	}
	if _, ok := s.table.Get(id); !ok {
		return fail(wire.CodeUnknownSession, "no such session (a broker restart forgets every session)"), false
	}
	if !s.inSessionTree(cs, id) {
		return fail(wire.CodePeerRefused, "the peer (pid %d) is outside the session's runtime tree", cs.peer.pid), false
	}
	return wire.Reply{}, true
}

// operatorOrOwn allows a peer in the session's own tree, or a peer outside
// every runtime tree (an operator or the verifier).
func (s *Server) operatorOrOwn(cs *connState, id string) (wire.Reply, bool) {
	if id == "" {
		return fail(wire.CodeBadRequest, "missing session"), false
	}
	if _, ok := s.table.Get(id); !ok {
		return fail(wire.CodeUnknownSession, "no such session (a broker restart forgets every session)"), false
	}
	if cs.peer.uid == s.uid && s.inSessionTree(cs, id) {
		return wire.Reply{}, true
	}
	if ok, why := s.outsideEveryTree(cs); !ok {
		return fail(wire.CodePeerRefused, "%s", why), false
	}
	return wire.Reply{}, true
}

// verifierPeer checks the rules for begin_verification and promote.
func (s *Server) verifierPeer(cs *connState, req *wire.Request) (wire.Reply, bool) {
	if req.Session == "" {
		return fail(wire.CodeBadRequest, "missing session"), false
	}
	// With a verifier user, only that user verifies: the broker's own
	// user is the agent's, and a process of it that left the agent's tree
	// (setsid, double fork) must not be able to verify.
	if s.cfg.VerifierUID != NoVerifier && cs.peer.uid != s.cfg.VerifierUID {
		return fail(wire.CodePeerRefused, "%s: only the verifier user (uid %d) may verify on this broker", req.Op, s.cfg.VerifierUID), false
	}
	// A session confined for abstract sockets is verified over the
	// operator socket only, which no process in its domain can reach.
	if !cs.operator && s.confinedAbstract(req.Session) {
		return fail(wire.CodePeerRefused, "%s: the session is confined; verify over the broker's operator socket (lease-broker %s does)", req.Op, strings.ReplaceAll(req.Op, "_", "-")), false
	}
	if ok, why := s.outsideEveryTree(cs); !ok {
		return fail(wire.CodePeerRefused, "%s: %s may not run from inside an agent", why, req.Op), false
	}
	return wire.Reply{}, true
}
