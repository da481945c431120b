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
// mutator-gate goes.
package integrations

import _ "embed"

// GatePlaceholder marks where the absolute path of mutator-gate is written.
const GatePlaceholder = "__LEASEGATE_MUTATOR_GATE__"

// ClaudeHooks is claude/hooks.json.
//
//go:embed claude/hooks.json
var ClaudeHooks []byte

// PiGate is pi/gate.ts.
//
//go:embed pi/gate.ts
var PiGate []byte
