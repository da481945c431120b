#!/bin/bash
# A link or copy of a runtime's package folder, or of a runtime into a
# folder (review 25): a file run from under the new folder is the
# runtime's (`ln -sfn .../@anthropic-ai/claude-code /opt/cc`, then `node
# /opt/cc/cli.js`); `cp -a PKG /opt/` and `ln -s -t DIR TARGET` give the
# target's own name in that folder; a relative name is wherever the
# folder the command ran in is (`ln -s "$(command -v claude)" tool`, then
# `/app/tool`); `install -m 0755` keeps its mode out of the operands.
# Near miss: near_miss_link_runtime_folder.sh.
ln -sfn /usr/lib/node_modules/@anthropic-ai/claude-code /opt/cc
node /opt/cc/cli.js -p "review" # want "RED:absolute-path"
cp -a "$(npm root -g)/@mariozechner/pi-coding-agent" /srv/tools/
node /srv/tools/pi-coding-agent/dist/cli.js --mode rpc # want "RED:absolute-path"
cp -a "$(npm root -g)/@anthropic-ai/claude-code" /opt/agent
node /opt/agent/cli.js -p "triage" # want "RED:absolute-path"
ln -s -t /opt/bin "$(command -v pi)"
/opt/bin/pi -p "x" # want "RED:absolute-path"
cd /app
ln -s "$(command -v claude)" tool
/app/tool -p "summarize" # want "RED:dynamic"
install -m 0755 "$(command -v claude)" /usr/local/bin/helper
helper -p "again" # want "RED:dynamic"
ln -sfn /opt/cc /opt/dd
node /opt/dd/cli.js -p "chain" # want "RED:absolute-path"
