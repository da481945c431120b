# npx -y of the runtime's package.
npx -y @anthropic-ai/claude-code -p hi # want "RED:package-runner"
