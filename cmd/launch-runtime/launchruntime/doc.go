// Package launcher is launch-runtime, the one door through which a gated
// agent runtime (Claude Code or Pi) is started.
//
// A launch checks everything it can before it touches the broker: the
// runtime arguments and environment that would switch hooks or permissions
// off are refused or scrubbed, and the runtime binary must resolve to an
// executable file (for --dangerous, to Claude Code itself). Then it makes
// sure a lease broker answers (starting a detached `lease-broker serve`
// when none does), writes the gate integration (Claude settings or the Pi
// extension) where the agent's tools may not write, registers the session
// with its own PID, enters a Landlock domain (confine.go: the gate's files
// read-only, signals and abstract sockets scoped, so the broker's operator
// socket is out of reach) and execs the runtime in place so the PID the
// broker anchored on is the runtime's. Only LEASEGATE_SESSION_ID and
// LEASEGATE_GENERATION are added to the runtime's environment.
//
// `launch-runtime install` and `uninstall` put the same gate into the
// user's (or the managed) Claude settings and into Pi's global extension
// folder, so that a runtime started without the wrapper is still gated and,
// lacking a session identity, denied every tool.
package launchruntime
