# pnpm dlx of the runtime's package.
pnpm dlx @anthropic-ai/claude-code -p hi # want "RED:package-runner"
