#!/bin/bash
# A link or copy of a runtime made under another name (review16 24):
# `ln -sf .../@anthropic-ai/claude-code/cli.js /usr/local/bin/reviewer`,
# `cp "$(command -v pi)" bin/ask`: a command run by that name or path is
# the runtime, found at run time (dynamic). Near miss:
# near_miss_link_copy_runtime.sh.
ln -sf "$(npm root -g)/@anthropic-ai/claude-code/cli.js" /usr/local/bin/reviewer
reviewer -p "review" # want "RED:dynamic"
cp "$(command -v pi)" bin/ask
./bin/ask --mode rpc # want "RED:dynamic"
sudo reviewer -p "again" # want "RED:dynamic"
