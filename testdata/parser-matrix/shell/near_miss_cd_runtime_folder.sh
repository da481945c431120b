#!/bin/bash
# Near miss of cd_runtime_folder.sh: relative names run in other
# programs' folders; a bare name after cd into a runtime's folder is
# looked up on PATH, not there; files read, not run, there.
ln -sfn "$(npm root -g)/typescript" /opt/ts
cd /opt/ts && node ./bin/tsc --version
cd "$(npm root -g)/prettier" && node bin/prettier.cjs --check .
cd /app && node cli.js serve
env -C /opt/ts node ./bin/tsc -p .
sudo --chdir=/app node cli.js serve
cd "$(npm root -g)/@anthropic-ai/claude-code" && cat package.json
ls
