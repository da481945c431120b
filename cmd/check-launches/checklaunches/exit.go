package checklaunches

// Exit statuses of check-launches (SPEC.md).
const (
	ExitOK    = 0 // no RED finding
	ExitRed   = 1 // at least one RED finding
	ExitError = 2 // usage, config or I/O error
)
