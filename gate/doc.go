// Package gate holds the policy the lease broker applies on top of the
// tool-class decision: role rules keyed on the hook's agent_type, protected
// paths for the tools that write, catastrophic-command rules judged on the
// parsed Bash command, task allow-lists and named allow-list profiles.
//
// Every rule only denies; nothing here ever allows a call that the lease
// class denied. A rule set is either enforced or run in shadow mode, where a
// match is reported (Decision.Shadow) so the broker records gate.would_deny
// and lets the call through.
//
// The package is pure: it reads the policy file and, to normalise paths, the
// file system (symlinks), and nothing else. It never talks to the broker.
package gate
