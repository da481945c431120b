#!/usr/bin/env bash
# Hook latency: mutator-gate (allow and deny) beside /bin/true and the same
# hook in Python and Node.js, each spawned N times (default 1000) the way
# Claude Code spawns a PreToolUse hook. Results: bench/results/hook.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
n="${1:-1000}"
bin="$(mktemp -d)"
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/" ./cmd/mutator-gate ./cmd/lease-broker
go build -o "$bin/hookbench" ./bench/hook
"$bin/hookbench" -bin "$bin" -n "$n"
