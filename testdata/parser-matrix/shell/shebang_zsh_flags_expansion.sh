#!/usr/bin/env zsh
# zsh files are parsed as zsh first (experimental), then as bash.
lines=("${(f)$(cat tasks.txt)}")
claude -p hi # want "RED:direct-literal"
