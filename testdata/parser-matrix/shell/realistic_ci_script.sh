#!/usr/bin/env bash
# A realistic CI step: install, check, then run the agent through the gate.
set -euo pipefail
npm ci
if ! command -v launch-runtime >/dev/null; then
  echo "launch-runtime missing" >&2
  exit 1
fi
PROMPT="review the diff"
launch-runtime --runtime claude -- -p "$PROMPT" --output-format json > review.json # want "GATED"
jq .result review.json
