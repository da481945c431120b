#!/bin/bash
# A runtime's file run by a name relative to the folder the command runs
# in (review 26): `cd` (or `pushd`) into a runtime's package folder, or a
# link of one, then `node cli.js` or `./cli.js`; `env -C DIR` and `sudo
# -D DIR` run their command there. The folders that can
# hold a runtime's files are kept (Pass.AddDir), and a relative word is
# read under each of them (Pass.InDirs). Near miss:
# near_miss_cd_runtime_folder.sh.
ln -sfn "$(npm root -g)/@anthropic-ai/claude-code" /opt/cc
cd /opt/cc && node ./cli.js -p "go" # want "RED:absolute-path"
cd /opt/cc && node cli.js -p go # want "RED:absolute-path"
cd "$(npm root -g)/@mariozechner/pi-coding-agent" && node dist/cli.js --mode rpc # want "RED:absolute-path"
pushd /usr/lib/node_modules/@anthropic-ai
cd claude-code
./cli.js -p "x" # want "RED:dynamic"
env -C /opt/cc node cli.js -p "y" # want "RED:absolute-path"
sudo -D /opt/cc node ./cli.js -p "z" # want "RED:absolute-path"
