#!/bin/bash
# Brace expansion and globs that make a runtime's name (review16 11, 12):
# `cla{ude,}` is the two words `claude cla`, so the command is `claude`;
# a glob whose last element matches a runtime's command (`cl?ude`,
# `cl[a]ude`, with at least two literal characters) may be that program,
# found at run time (dynamic). Near miss: near_miss_brace_glob_name.sh.
cla{ude,} -p hi 2>/dev/null # want "RED:direct-literal"
~/.local/bin/cl?ude -p "hello" # want "RED:dynamic"
/opt/tools/cl[a]ude -p "x" # want "RED:dynamic"
for t in {claude,git}; do "$t" -p x; done # want "RED:variable-execution"
