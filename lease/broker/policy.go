package broker

import "encoding/json"

// Call is what a policy sees of one authorization that the lease allowed.
// It mirrors gate.Call so the gate package's policy can be adapted without
// the broker importing rule code.
type Call struct {
	Runtime, Tool, AgentType, AgentID, Session, Cwd string
	Input                                           json.RawMessage
	Verified                                        bool
	// GateFiles are paths the gate owns for this session only (the
	// settings.json of its isolated --config-dir), protected like the
	// gate's own files.
	GateFiles []string
}

// PolicyDecision is one deny of a policy rule. Shadow means "record
// gate.would_deny and let the call through".
type PolicyDecision struct {
	Rule, Reason string
	Shadow       bool
}

// Policy narrows what the lease allows. It can only deny: the broker asks it
// only about calls the lease has already allowed, and never turns a denial
// into an allow.
type Policy interface {
	Evaluate(c Call) []PolicyDecision
}

// ProfileSource is implemented by a Policy that has named task allow-list
// profiles (register's args.tool_profile).
type ProfileSource interface {
	Profile(name string) ([]string, bool)
}

// PolicyFunc adapts a function to Policy.
type PolicyFunc func(c Call) []PolicyDecision

// Evaluate calls f.
func (f PolicyFunc) Evaluate(c Call) []PolicyDecision { return f(c) }
