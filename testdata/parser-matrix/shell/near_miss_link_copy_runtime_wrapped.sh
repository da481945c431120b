#!/bin/bash
# Near miss of link_copy_runtime_wrapped.sh: wrapped links and copies of
# programs that are no runtime, run by their new names, and a wrapped
# link of a runtime never run.
sudo ln -sf "$(command -v git)" /usr/local/bin/g
g status
env LC_ALL=C cp "$(command -v prettier)" bin/fmt
./bin/fmt --check .
sudo ln -s "$(command -v claude)" /usr/local/bin/reviewer
echo reviewer installed
