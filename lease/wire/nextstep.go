package wire

// nextSteps is what to do about each code: the last words of every denial
// line the hook prints and of every refusal the operator commands print.
// docs/mutator-gate.md ("Denial codes") and docs/broker-protocol.md
// ("Error codes") carry the same text, checked by docs.TestCodeTables.
var nextSteps = map[Code]string{
	CodeGateUnavailable:    "start the agent through launch-runtime, and check that `lease-broker status` answers",
	CodeLeaseNotVerified:   "ask an operator to verify this session (lease-broker begin-verification, then promote); retrying does not help",
	CodeLeaseExpired:       "ask an operator to verify this session again; retrying does not help",
	CodeGenerationMismatch: "start the agent again through launch-runtime",
	CodeUnknownSession:     "start the agent again through launch-runtime (a restarted broker forgets every session)",
	CodePolicyDenied:       "do it another way, or ask an operator to change the broker's --policy; a lease does not lift it",
	CodeBadRequest:         "use lease-broker, launch-runtime and mutator-gate of one release; if they are, report a bug",
	CodeUnsupportedVersion: "use lease-broker, launch-runtime and mutator-gate of one release",
	CodeUnknownOp:          "use lease-broker, launch-runtime and mutator-gate of one release",
	CodePeerRefused:        "run it as the broker's user (or the --verifier-uid) from a shell outside every agent",
	CodeNotPending:         "run begin-verification first, then promote with the token it prints",
	CodeTokenRefused:       "run begin-verification again and promote with the token it prints (a token works once)",
	CodeBindingMismatch:    "give promote the --binding that begin-verification had",
	CodeTTLInvalid:         "give --ttl whole seconds, at least 1s and at most 300s",
	CodeGateNeverSeen:      "wait until `lease-broker sessions` shows the session's gate called in (its first tool call), then promote again; if it never does, the runtime was started without the gate: start it through launch-runtime",
	CodeUnknownRuntime:     "use --runtime claude or --runtime pi",
	CodeBadAllowList:       "fix --allow-tools or --tool-profile (the message lists the profiles the broker's policy defines)",
	CodeTooManySessions:    "end agents that no longer run, or start fewer from one process",
	CodeInternal:           "report a bug with `lease-broker status` and the audit log; nothing was carried out",
}

// NextStep returns what to do about code c ("" for CodeNone and for a
// code this version does not know).
func NextStep(c Code) string { return nextSteps[c] }

// WithNextStep appends c's next step to msg: "msg; next: step".
func WithNextStep(c Code, msg string) string {
	if s := NextStep(c); s != "" {
		return msg + "; next: " + s
	}
	return msg
}
