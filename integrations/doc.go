// Package integrations holds the files that leasegate installs into the
// agent runtimes, embedded so that launch-runtime can write them out:
//
//   - claude/hooks.json: the Claude Code settings fragment (all-tools
//     PreToolUse gate, PostToolUse tap, PreCompact and SessionStart
//     observers, "disableAllHooks": false);
//   - pi/gate.ts: the Pi extension that runs mutator-gate from its
//     tool_call, tool_result, compaction and session_start handlers.
//
// Both carry the placeholder GatePlaceholder where the absolute path of
// mutator-gate goes. The Pi extension also carries GateArgsPlaceholder, an
// empty list that launch-runtime replaces with the session's identity flags
// (launch-runtime does the same to the "args" of the Claude hooks); an
// installed copy keeps it empty.
package integrations

import _ "embed"

// GatePlaceholder marks where the absolute path of mutator-gate is written.
const GatePlaceholder = "__LEASEGATE_MUTATOR_GATE__"

// GateArgsPlaceholder is the TypeScript expression (an empty list) in the
// Pi extension that launch-runtime replaces with the identity flags.
const GateArgsPlaceholder = "[] /* __LEASEGATE_GATE_ARGS__ */"

// ClaudeHooks is claude/hooks.json.
//
//go:embed claude/hooks.json
var ClaudeHooks []byte

// PiGate is pi/gate.ts.
//
//go:embed pi/gate.ts
var PiGate []byte
