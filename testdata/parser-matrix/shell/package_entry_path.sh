# Running the package's entry file directly.
./node_modules/@anthropic-ai/claude-code/cli.js -p hi # want "RED:absolute-path"
