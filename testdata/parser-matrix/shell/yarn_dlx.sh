# yarn dlx of the runtime's package.
yarn dlx @anthropic-ai/claude-code -p hi # want "RED:package-runner"
