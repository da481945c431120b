#!/usr/bin/env bash
# Review the current branch with Claude Code, read-only until a verifier
# grants a lease (lease-broker begin-verification / promote).
set -euo pipefail
base="${1:-origin/main}"
git diff "$base"...HEAD > "${TMPDIR:-/tmp}/review.diff"
exec launch-runtime --runtime claude -- -p "review ${TMPDIR:-/tmp}/review.diff"
