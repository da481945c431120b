package wire

import "strings"

// ArgConfinement is the register argument in which launch-runtime says how
// the runtime is confined: "off", "none" (no Landlock), or
// "landlock-abiN:" and the protections in effect, comma-separated (see
// ConfineFS, ConfineSignal, ConfineAbstract).
const ArgConfinement = "confinement"

// Protections named in a confinement string.
const (
	ConfineFS       = "fs-write"             // the gate's files read-only (Landlock ABI >= 1)
	ConfineSignal   = "signal"               // no signal or ptrace out of the domain (ABI >= 6)
	ConfineAbstract = "abstract-unix-socket" // the operator socket out of reach (ABI >= 6)
)

// ConfinedFor reports whether a confinement string names protection p.
func ConfinedFor(confinement, p string) bool {
	_, list, ok := strings.Cut(confinement, ":")
	if !ok || !strings.HasPrefix(confinement, "landlock") {
		return false
	}
	for _, x := range strings.Split(list, ",") {
		if x == p {
			return true
		}
	}
	return false
}

// ArgSessionDir is the register argument naming the session's private
// folder (TMPDIR, its copy of the runtime's config). The broker removes it
// when the runtime exits, if it is a folder directly inside "sessions"
// beside the socket.
const ArgSessionDir = "session_dir"
