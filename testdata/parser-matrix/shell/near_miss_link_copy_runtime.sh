#!/bin/bash
# Near miss of link_copy_runtime.sh: links and copies of programs that
# are no runtime, run by their new names; a runtime's files copied as
# data; and a link of a runtime never run.
ln -sf "$(command -v git)" /usr/local/bin/g
g status
cp ./claude.md docs/reviewer.md
cat docs/reviewer.md
cp -r "$(npm root -g)/@anthropic-ai/claude-code" vendor/
ln -s "$(command -v claude)" /usr/local/bin/reviewer
echo reviewer installed
