# node running the runtime package's entry script.
node node_modules/@anthropic-ai/claude-code/cli.js -p hi # want "RED:absolute-path"
