# Package managers that run a command or a bin of node_modules/.bin by
# name (review17: `poetry run claude`, `yarn claude`, `pnpm claude`, `bun
# run claude`): the word after them, or after `run`, is the command.
# Near misses: their own subcommands, given a runtime's package or name.
poetry run claude -p a # want "RED:direct-literal"
pipenv run claude -p b # want "RED:direct-literal"
hatch run pi -p c # want "RED:direct-literal"
yarn claude -p d # want "RED:direct-literal"
yarn run claude -p e # want "RED:direct-literal"
pnpm claude -p f # want "RED:direct-literal"
bun run claude -p g # want "RED:direct-literal"
conda run -n dev claude -p h # want "RED:direct-literal"
yarn add @anthropic-ai/claude-code
pnpm install claude
poetry add claude
bun run build.ts claude
