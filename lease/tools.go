package lease

import "github.com/leasegate/leasegate/lease/wire"

// KnownRuntime reports whether runtime is one the broker can gate.
func KnownRuntime(runtime string) bool {
	return runtime == wire.RuntimeClaude || runtime == wire.RuntimePi
}

// ReadOnly reports whether tool is in the read-only class of runtime: the
// exact, case-sensitive names of SPEC.md "Tool classes" that are allowed
// while a session is not VERIFIED. Every other name (Bash, Edit, MCP tools,
// unknown tools, another runtime's names) is a mutator.
func ReadOnly(runtime, tool string) bool {
	switch runtime {
	case wire.RuntimeClaude:
		switch tool {
		case "Read", "Grep", "Glob", "LS", "Ls", "Find":
			return true
		}
	case wire.RuntimePi:
		switch tool {
		case "read", "grep", "find", "ls":
			return true
		}
	}
	return false
}
