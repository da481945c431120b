package leasebroker

// Exit codes of lease-broker. They are part of the documented interface
// (docs/lease-broker.md).
const (
	// ExitOK: success. `serve` also exits 0 when another broker already
	// serves the socket (it leaves that broker alone).
	ExitOK = 0
	// ExitFailed: the broker answered and refused or failed the request
	// (wrong token, unknown session, refused peer, ...), or serve failed.
	ExitFailed = 1
	// ExitUsage: bad command line.
	ExitUsage = 2
	// ExitUnavailable: no broker answers on the socket.
	ExitUnavailable = 3
	// ExitUnsafe: serve refused to start because the socket folder or the
	// socket path is unsafe (wrong owner or mode, symlink, not a socket).
	ExitUnsafe = 4
)
