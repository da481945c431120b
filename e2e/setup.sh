#!/usr/bin/env bash
# Installs the pinned agent runtimes that the end-to-end tests drive:
# @anthropic-ai/claude-code and @mariozechner/pi-coding-agent, exactly as
# e2e/package-lock.json records them. Needs node (>= 20) and npm.
set -euo pipefail
cd "$(dirname "$0")"
../scripts/npm-ci.sh --no-audit --no-fund --loglevel=error
node -p '"claude-code " + require("./node_modules/@anthropic-ai/claude-code/package.json").version'
node -p '"pi-coding-agent " + require("./node_modules/@mariozechner/pi-coding-agent/package.json").version'
test -x node_modules/.bin/claude && test -x node_modules/.bin/pi
