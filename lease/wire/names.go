package wire

// Runtimes the broker can gate (SPEC.md "Names").
const (
	RuntimeClaude = "claude"
	RuntimePi     = "pi"
)

// Environment variables of the runtime half (SPEC.md "Names").
const (
	// EnvSession and EnvGeneration are set by launch-runtime in the
	// runtime's environment, for the agent and its children. The hook does
	// not read EnvSession: its session comes from its own command line.
	EnvSession    = "LEASEGATE_SESSION_ID"
	EnvGeneration = "LEASEGATE_GENERATION"
	// EnvSocket overrides the broker socket path for the operator CLI and
	// launch-runtime (SocketPath); never for the hook.
	EnvSocket = "LEASEGATE_SOCKET"
)
