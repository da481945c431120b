# An interpreter given unknown options before a known script (field
# trial: `node $NODE_FLAGS .../cli.js`, `node "$@" .../cli.js`): the
# unknown words may be options, so the script after them is read too.
# Near misses: an unknown script given a runtime's name as its argument,
# and a known script that is not a runtime.
node $NODE_FLAGS node_modules/@anthropic-ai/claude-code/cli.js -p hi # want "RED:absolute-path"
node "$@" node_modules/@anthropic-ai/claude-code/cli.js -p hi # want "RED:absolute-path"
node "$RUNNER" claude -p hi
node $FLAGS tools/build.js claude
