// Package leasebroker is the lease-broker command: `serve` runs the broker, and the
// operator commands (status, sessions, begin-verification, promote, revoke,
// events) talk to a running one over its socket. Exit codes are the named
// constants of exitcodes.go.
package leasebroker
