#!/bin/bash
# Near miss of corepack_runner.sh: corepack's own commands, and a package
# manager it runs that installs or views a runtime's package, runs none.
corepack enable pnpm
corepack prepare pnpm@9 --activate
corepack pnpm add -D @anthropic-ai/claude-code
corepack npm view @anthropic-ai/claude-code version
corepack pnpm dlx cowsay hi
