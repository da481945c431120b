#!/bin/bash
# link_of_link_runtime.sh where the first link is of another tool, beside
# a line that only mentions claude.
command -v claude >/dev/null || echo "claude is not installed"
ln -s "$(command -v eslint)" ./tool
ln -s ./tool ./tool2
cp ./tool2 /usr/local/bin/helper
./tool2 src
helper src
update-alternatives --install /usr/bin/assistant assistant "$(command -v eslint)" 10
assistant src
