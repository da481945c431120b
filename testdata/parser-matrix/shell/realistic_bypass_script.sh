#!/usr/bin/env bash
# A realistic script that bypasses the gate through a looked-up path.
set -e
CLAUDE_BIN="${CLAUDE_BIN:-$(command -v claude)}"
if [ -z "$CLAUDE_BIN" ]; then
  echo "install claude first"
  exit 1
fi
"$CLAUDE_BIN" -p "$1" # want "RED:dynamic"
