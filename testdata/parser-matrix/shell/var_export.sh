# An exported variable.
export CLAUDE_BIN=claude
"$CLAUDE_BIN" -p hi # want "RED:variable-execution"
