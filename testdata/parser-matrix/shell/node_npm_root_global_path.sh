# node running the package's entry under the global npm root.
node "$(npm root -g)/@anthropic-ai/claude-code/cli.js" -p hi # want "RED:absolute-path"
