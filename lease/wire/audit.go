package wire

import (
	"os"
	"path/filepath"
)

// DefaultAuditPath is where a broker on socket keeps its audit log when
// no --audit is given: $XDG_STATE_HOME/leasegate/audit.jsonl when that is
// set (and absolute), else audit.jsonl beside the socket. The launcher
// needs it to keep the log read-only to a confined runtime.
func DefaultAuditPath(socket string) string {
	if d := os.Getenv("XDG_STATE_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "leasegate", "audit.jsonl")
	}
	return filepath.Join(filepath.Dir(socket), "audit.jsonl")
}
