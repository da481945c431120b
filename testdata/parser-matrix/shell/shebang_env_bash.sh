#!/usr/bin/env bash
# A bash script via env.
set -euo pipefail
claude -p hi # want "RED:direct-literal"
