# bunx of the runtime's package.
bunx @anthropic-ai/claude-code -p hi # want "RED:package-runner"
