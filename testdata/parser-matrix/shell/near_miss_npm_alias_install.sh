#!/bin/sh
# Near miss of npm_alias_install.sh: aliases of other packages.
npm install --no-save agent@npm:prettier
node node_modules/agent/index.js --check .
pnpm add -D rv@npm:typescript@^5
node ./node_modules/rv/bin/tsc -p .
