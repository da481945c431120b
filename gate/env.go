package gate

// Env gives the values of the placeholders a policy may use in its paths.
// The broker fills it once at start and binds it with Policy.WithEnv.
// Every path must be absolute; an empty one drops the patterns using it.
type Env struct {
	Hook            string   // ${LEASEGATE_HOOK}: the mutator-gate binary
	Binaries        []string // ${LEASEGATE_BINARIES}: leasegate's other binaries (lease-broker, launch-runtime)
	Settings        []string // ${LEASEGATE_SETTINGS}: every installed settings file
	PiExtension     string   // ${LEASEGATE_PI_EXTENSION}: the Pi gate extension
	SocketDir       string   // ${LEASEGATE_SOCKET_DIR}: the broker socket folder
	Policy          string   // ${LEASEGATE_POLICY}: the policy file itself
	Audit           string   // ${LEASEGATE_AUDIT}: the broker's audit log (rotated copies are FILE.1, FILE.2, ...)
	ClaudeConfigDir string   // ${CLAUDE_CONFIG_DIR}: an isolated Claude config folder
	Home            string   // ${HOME} and ~
	// FoldCase compares paths case-insensitively (case-insensitive file
	// systems). Nil means: true on darwin and windows, false elsewhere.
	FoldCase *bool
}
