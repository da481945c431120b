package gate

import "encoding/json"

// Call is one tool call as the broker sees it, the input to Evaluate.
type Call struct {
	Runtime   string // "claude" or "pi"
	Tool      string // exact tool name from the hook event (Write, Bash, bash, ...)
	AgentType string // hook agent_type: the subagent role, empty for the main agent
	AgentID   string // hook agent_id
	Session   string
	// Input is the hook event's tool_input, untouched.
	Input json.RawMessage
	// Verified reports whether the session holds a live VERIFIED lease. Rules
	// apply whatever its value; it is carried for the reason text only.
	Verified bool
	// Cwd is the agent's working folder; relative paths are resolved against
	// it.
	Cwd string

	// AllowTools is the session's task allow-list, baked into its
	// registration. Empty means no allow-list. A tool not in it is denied
	// with rule "allow-list".
	AllowTools []string
	// AllowToolsShadow makes the allow-list report would-deny decisions
	// instead of denying.
	AllowToolsShadow bool
	// GateFiles are extra paths the gate owns for this session only (for
	// instance the settings file installed in its --config-dir), absolute
	// or relative to Cwd. They join the path set "gate-files".
	GateFiles []string
}

// Decision is one rule that denies the call. With Shadow set the rule set
// runs in shadow mode: the broker records gate.would_deny and lets the call
// through.
type Decision struct {
	Rule   string // rule id, e.g. "rm-root", "allow-list"
	Reason string // one line for the model and the audit log
	Shadow bool
}

// Enforced returns the first decision that is not in shadow mode, if any.
// The broker denies the call with POLICY_DENIED and its reason.
func Enforced(ds []Decision) (Decision, bool) {
	for _, d := range ds {
		if !d.Shadow {
			return d, true
		}
	}
	return Decision{}, false
}
