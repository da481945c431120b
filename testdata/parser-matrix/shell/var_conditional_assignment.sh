# Either branch's value may be run (flow-insensitive).
if [ -n "$FAST" ]; then BIN=claude; else BIN=pi; fi
"$BIN" -p hi # want "RED:variable-execution" "RED:variable-execution"
