# npm exec --package=... -- claude runs the bin of that package.
npm exec --package=@anthropic-ai/claude-code -- claude -p hi # want "RED:package-runner"
