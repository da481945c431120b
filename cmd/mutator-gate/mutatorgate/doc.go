// Package mutatorgate is mutator-gate, the hook that Claude Code (as a PreToolUse,
// PostToolUse, PreCompact and SessionStart command hook) and the Pi gate
// extension run before and after every tool call.
//
// It reads one hook event as JSON on stdin, asks the lease broker, and
// answers only with an exit status: ExitAllow (0) lets the tool run,
// ExitBlock (2) blocks it with a one-line reason on stderr that starts with a
// gate code (GATE_UNAVAILABLE, LEASE_NOT_VERIFIED, ...). It never prints an
// "allow" or "ask" decision and never exits 1: Claude Code treats any status
// other than 2 as "let the tool run", so every failure path here (no session
// identity, malformed or oversized input, an unreachable, hung or confused
// broker, a panic) ends in ExitBlock.
//
// The telemetry tap (mode "tap", installed as PostToolUse) is the one
// exception: it always exits 0 and prints nothing, because what a
// PostToolUse hook prints on failure is fed back to the model.
package mutatorgate
