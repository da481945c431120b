#!/bin/bash
# A link or copy of a runtime made through a wrapper (`sudo ln -sf`,
# `env X=1 cp`): the command the wrapper runs makes it, and a command
# run by the new name is the runtime, found at run time. Near miss:
# near_miss_link_copy_runtime_wrapped.sh.
sudo ln -sf "$(command -v claude)" /usr/local/bin/rev
rev -p "review" # want "RED:dynamic"
env LC_ALL=C cp "$(command -v pi)" bin/ask
./bin/ask --mode rpc # want "RED:dynamic"
