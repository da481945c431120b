#!/bin/bash
# corepack runs the package manager named by its first word (review16
# 133): `corepack pnpm dlx PKG` is `pnpm dlx PKG`, a package runner.
# Near miss: near_miss_corepack_runner.sh.
corepack pnpm dlx @anthropic-ai/claude-code -p "review" # want "RED:package-runner"
corepack yarn dlx @anthropic-ai/claude-code # want "RED:package-runner"
