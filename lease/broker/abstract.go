package broker

// The operator socket: an abstract Unix socket on which the broker serves
// the verification operations as well. A process confined by launch-runtime
// sits in a Landlock domain scoped for abstract Unix sockets, so the kernel
// refuses its connect(2) to this socket, whatever the process does; a
// person, CI step or verifier outside the domain connects as usual.

import (
	"crypto/rand"
	"encoding/hex"
	"net"

	"github.com/leasegate/leasegate/lease/wire"
)

// operatorOps are the operations served on the operator socket.
var operatorOps = map[string]bool{wire.OpBeginVerification: true, wire.OpPromote: true, wire.OpStatus: true, wire.OpStop: true}

// listenOperator binds the operator socket under a fresh random abstract
// name, which the status reply publishes. A random name cannot be taken
// ahead of the broker. On failure the broker serves without it: sessions
// confined for abstract sockets then cannot be verified (fail closed), and
// the status reply says why.
func (s *Server) listenOperator() {
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		s.opErr = err.Error()
		return
	}
	name := "@leasegate-" + hex.EncodeToString(b[:])
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: name, Net: "unix"})
	if err != nil {
		s.opErr = err.Error()
		return
	}
	s.opLn, s.opName = ln, name
}

// serveOperator accepts connections on the operator socket until Close.
func (s *Server) serveOperator() {
	if s.opLn == nil {
		return
	}
	_ = s.acceptLoop(s.opLn, 64, true)
}

// confinedAbstract reports whether session id was registered inside a
// Landlock domain scoped for abstract Unix sockets: such a session is
// verified over the operator socket only.
func (s *Server) confinedAbstract(id string) bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	m := s.meta[id]
	return m != nil && wire.ConfinedFor(m.confinement, wire.ConfineAbstract)
}

// confinementOrUnknown names a registration that did not say how it was
// confined (an older launch-runtime, or a register by hand).
func confinementOrUnknown(c string) string {
	if c == "" {
		return "unknown"
	}
	return c
}
