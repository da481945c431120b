package broker

import (
	"encoding/json"
	"os"
	"strconv"

	"github.com/leasegate/leasegate/lease/wire"
)

// StopInfo is the payload of a stop reply.
type StopInfo struct {
	PID      int `json:"pid"`
	Sessions int `json:"sessions"`
}

// opStop stops the broker cleanly: the reply is written, then the broker
// closes its sockets, forgets every lease (each session's next call is
// denied UNKNOWN_SESSION, or GATE_UNAVAILABLE once nothing answers) and
// Serve returns. Only the broker's own user, from outside every runtime
// tree, may stop it: an agent that stops its broker only blocks itself,
// but it would block every other session too. The verifier uid may not
// (verifierOps).
func (s *Server) opStop(cs *connState) wire.Reply {
	if ok, why := s.outsideEveryTree(cs); !ok {
		return fail(wire.CodePeerRefused, "%s: stop may not run from inside an agent", why)
	}
	n := s.table.Len()
	_ = s.audit.Write(Record{Kind: KindBrokerStopped, Reason: "stop by operator; " + strconv.Itoa(n) + " sessions forgotten", UID: uidPtr(cs.peer.uid)})
	cs.stopAfterReply = true
	b, _ := json.Marshal(StopInfo{PID: os.Getpid(), Sessions: n})
	return wire.Reply{OK: true, Data: b}
}
