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
// The package is not pure, but its I/O is small and named: it reads the
// policy file, the file system's symlinks (to normalise paths) and, for
// the default policy's ${HOME}, the home folder from the environment. It
// never talks to the broker; the hook that does lives in gate/hook.
package gate
