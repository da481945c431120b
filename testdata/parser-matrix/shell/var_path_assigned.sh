# A variable holding an absolute path to the runtime.
BIN=/opt/claude/bin/claude
"$BIN" -p hi # want "RED:variable-execution"
