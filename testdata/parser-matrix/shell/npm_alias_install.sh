#!/bin/sh
# A runtime's package installed under an alias on the command line
# (review 27 C): node_modules/ALIAS is a copy of its package folder, so a
# file run from under it is the runtime's. Near miss:
# near_miss_npm_alias_install.sh.
npm install --no-save agent@npm:@mariozechner/pi-coding-agent
node node_modules/agent/dist/cli.js --print "write changelog" # want "RED:absolute-path"
pnpm add -D rv@npm:@anthropic-ai/claude-code@^2
node ./node_modules/rv/cli.js -p "review" # want "RED:absolute-path"
