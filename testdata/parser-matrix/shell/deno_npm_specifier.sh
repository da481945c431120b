# deno run of the npm package.
deno run -A npm:@anthropic-ai/claude-code -p hi # want "RED:package-runner"
