package wire

import "encoding/json"

// ProtocolVersion is the wire version every request and reply carries in "v".
// A broker refuses a request whose version it does not speak.
const ProtocolVersion = 1

// MaxLineBytes caps one request line. Longer lines are refused and the
// connection is closed.
const MaxLineBytes = 64 << 10

// MaxReplyBytes caps one reply line. Only sessions and events replies come
// near it; events replies are cut to the newest records that fit.
const MaxReplyBytes = 8 << 20

// Operations. The wire is newline-delimited JSON over a Unix stream socket:
// one Request per line, answered by one Reply per line, in order; a
// connection may carry many requests.
const (
	OpRegister          = "register"           // wrapper: anchor a new session on (pid, start time)
	OpSessionStart      = "session_start"      // hook: SessionStart call-in, proves the gate is live
	OpAuthorize         = "authorize"          // hook: may this tool class run now?
	OpCompact           = "compact"            // hook: a compaction happened; revoke the lease
	OpTap               = "tap"                // hook: PostToolUse telemetry (tool.call, file.touch)
	OpRevoke            = "revoke"             // operator or in-tree peer
	OpBumpGeneration    = "bump_generation"    // runtime generation increase
	OpBeginVerification = "begin_verification" // verifier only, never from inside a runtime tree
	OpPromote           = "promote"            // verifier only, never from inside a runtime tree
	OpStatus            = "status"
	OpSessions          = "sessions"
	OpEvents            = "events"
	OpStop              = "stop" // operator: stop the broker cleanly, never from inside a runtime tree
)

// Code is a reply code: a gate code (the reason an authorization was
// denied) or the error code of a failed request.
type Code string

// Gate codes, the first word of every denial reason (SPEC.md "Hook").
// CodeNone goes with an allow.
const (
	CodeNone               Code = ""
	CodeGateUnavailable    Code = "GATE_UNAVAILABLE"
	CodeLeaseNotVerified   Code = "LEASE_NOT_VERIFIED"
	CodeLeaseExpired       Code = "LEASE_EXPIRED"
	CodeGenerationMismatch Code = "GENERATION_MISMATCH"
	CodeUnknownSession     Code = "UNKNOWN_SESSION"
	CodePolicyDenied       Code = "POLICY_DENIED"
)

// GateCodes are the codes a hook may print, in the order of SPEC.md "Hook".
var GateCodes = []Code{CodeGateUnavailable, CodeLeaseNotVerified, CodeLeaseExpired,
	CodeGenerationMismatch, CodeUnknownSession, CodePolicyDenied}

// IsGateCode reports whether c is one of GateCodes.
func IsGateCode(c Code) bool {
	for _, g := range GateCodes {
		if c == g {
			return true
		}
	}
	return false
}

// Error codes of a reply with OK false. A client that is not the operator
// CLI (the hook) treats every one of them as GATE_UNAVAILABLE.
const (
	CodeBadRequest         Code = "BAD_REQUEST"         // not JSON, a missing field, a line too long
	CodeUnsupportedVersion Code = "UNSUPPORTED_VERSION" // "v" is not ProtocolVersion
	CodeUnknownOp          Code = "UNKNOWN_OP"
	CodePeerRefused        Code = "PEER_REFUSED"     // uid, ancestry or liveness check failed
	CodeNotPending         Code = "NOT_PENDING"      // promote without a live verification cycle
	CodeTokenRefused       Code = "TOKEN_REFUSED"    // replayed, foreign, stale or malformed token
	CodeBindingMismatch    Code = "BINDING_MISMATCH" // promote with another binding than begin_verification
	CodeTTLInvalid         Code = "TTL_INVALID"      // ttl_seconds zero or negative
	CodeGateNeverSeen      Code = "GATE_NEVER_SEEN"  // promote before the session's gate called in
	CodeUnknownRuntime     Code = "UNKNOWN_RUNTIME"
	CodeBadAllowList       Code = "BAD_ALLOW_LIST"
	CodeTooManySessions    Code = "TOO_MANY_SESSIONS" // register over the broker's session limits
	CodeInternal           Code = "INTERNAL"
)

// Keys of Request.Args.
const (
	ArgAllowTools     = "allow_tools"      // register: comma-separated tool names
	ArgAllowToolsMode = "allow_tools_mode" // register: "enforce" (default) or "shadow"
	ArgToolProfile    = "tool_profile"     // register: a named allow-list profile of the broker's policy
	ArgDangerous      = "dangerous"        // register: "true" when launched with --dangerous (recorded)
	ArgConfigDir      = "config_dir"       // register: the isolated CLAUDE_CONFIG_DIR; its settings.json becomes a protected gate file
	ArgGateFiles      = "gate_files"       // register: newline-separated absolute paths of this session's gate files (generated settings, Pi extension), protected from writes
	ArgStartup        = "startup"          // register: newline-separated MCP servers, plugins and hooks the session will start (recorded)
	ArgKind           = "kind"             // events: one record kind
	ArgSince          = "since"            // events: RFC 3339 time
	ArgLimit          = "limit"            // events: newest N records
)

// Request is one line sent to the broker. Fields an operation does not use
// are left empty.
type Request struct {
	V          int    `json:"v"`
	Op         string `json:"op"`
	Session    string `json:"session,omitempty"`
	Generation uint64 `json:"generation,omitempty"`
	Runtime    string `json:"runtime,omitempty"` // "claude" or "pi"
	PID        int    `json:"pid,omitempty"`     // register: the process that will exec the runtime
	Tool       string `json:"tool,omitempty"`    // authorize, tap
	// ToolInput is the hook event's tool_input, passed through untouched for
	// policy rules and telemetry.
	ToolInput json.RawMessage `json:"tool_input,omitempty"`
	AgentType string          `json:"agent_type,omitempty"` // subagent role from the hook event
	AgentID   string          `json:"agent_id,omitempty"`
	Event     string          `json:"event,omitempty"`   // hook event name (PreToolUse, PostToolUse, ...)
	Cwd       string          `json:"cwd,omitempty"`     // hook event cwd: policy rules resolve relative paths against it
	Binding   string          `json:"binding,omitempty"` // begin_verification, promote
	Token     string          `json:"token,omitempty"`   // promote
	TTL       int             `json:"ttl_seconds,omitempty"`
	Reason    string          `json:"reason,omitempty"` // revoke: free text for the audit log
	// Options for register (task allow-lists, dangerous mode) and events
	// (filters) live in Args so the core shape stays stable.
	Args map[string]string `json:"args,omitempty"`
}

// Reply is one line sent back. OK is false when the request itself failed
// (bad input, refused peer, unknown op); then Code and Error say why. For
// authorize, OK true with Allow false is a denial and Code is a gate code.
type Reply struct {
	V          int             `json:"v"`
	OK         bool            `json:"ok"`
	Allow      bool            `json:"allow,omitempty"`
	Code       Code            `json:"code,omitempty"`
	Error      string          `json:"error,omitempty"`
	Session    string          `json:"session,omitempty"`
	Generation uint64          `json:"generation,omitempty"`
	State      string          `json:"state,omitempty"`
	Token      string          `json:"token,omitempty"`
	ExpiresIn  float64         `json:"expires_in_seconds,omitempty"`
	Data       json.RawMessage `json:"data,omitempty"` // status, sessions, events payloads
}
