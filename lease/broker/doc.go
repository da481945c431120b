// Package broker is leasegate's lease broker: the Unix-socket server that
// holds the lease state machine of package lease in memory and answers the
// wire protocol of package wire, the peer checks (SO_PEERCRED, process
// ancestry anchored on PID and start time, pidfds) and the append-only audit
// log. Clients (mutator-gate, launch-runtime, the lease-broker operator
// commands) speak to it through package wire and never import it.
//
// The wire format is documented in docs/broker-protocol.md; the operator
// guide is docs/lease-broker.md.
package broker
