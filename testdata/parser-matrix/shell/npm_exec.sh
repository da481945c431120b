# npm exec of the runtime's package.
npm exec -- @anthropic-ai/claude-code -p hi # want "RED:package-runner"
