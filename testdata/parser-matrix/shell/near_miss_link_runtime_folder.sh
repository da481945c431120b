#!/bin/bash
# Near miss of link_runtime_folder.sh: folders and programs that are no
# runtime's, linked and copied, then run from their new places; a
# runtime's folder copied and never run from.
ln -sfn /usr/lib/node_modules/typescript /opt/ts
node /opt/ts/bin/tsc --version
cp -a "$(npm root -g)/prettier" /srv/tools/
node /srv/tools/prettier/bin/prettier.cjs --check .
cd /app
ln -s "$(command -v git)" tool
/app/tool status
install -m 0755 ./build/helper /usr/local/bin/helper
helper --version
cp -a "$(npm root -g)/@anthropic-ai/claude-code" /opt/agent
ls /opt/agent
ln -sfn /usr/lib/node_modules/@anthropic-ai/claude-code /opt/cc
cc -o hello hello.c
/opt/cc/../bin/tool --version
