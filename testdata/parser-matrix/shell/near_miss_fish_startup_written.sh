#!/bin/bash
# Near miss of fish_startup_written.sh: the same files given other
# programs, and a .fish file written outside fish's folders.
mkdir -p ~/.config/fish/functions
printf 'function rv\n    prettier --check $argv\nend\n' > ~/.config/fish/functions/rv.fish
echo 'git status' >> ~/.config/fish/config.fish
printf 'claude -p $argv\n' > docs/example.fish
fish -c 'rv "review"'
