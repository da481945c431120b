// Package broker is leasegate's lease broker: the Unix-socket server that
// holds the lease state machine of package lease in memory, the Go client
// that launch-runtime and mutator-gate use to reach it, the versioned
// newline-delimited JSON wire format, the peer checks (SO_PEERCRED, process
// ancestry anchored on PID and start time, pidfds) and the append-only audit
// log.
//
// The wire format is documented in docs/broker-protocol.md; the operator
// guide is docs/lease-broker.md.
package broker
