#!/bin/sh
# xargs runs a program read from a pipe whose producer is echo or printf
# of literal words (issue 16): with -I (or -i, --replace) the items fill
# the placeholder, here in command position; without it they are appended
# to the command, here the $0 of a `sh -c` string. Near misses: the same
# pipes feeding a placeholder in argument position, a non-runtime item,
# and xargs running echo.
echo claude | xargs -I{} {} -p hi # want "RED:direct-literal"
printf '%s\n' claude | xargs sh -c '"$0" -p' # want "RED:eval"
echo pi | xargs -n1 -I % sh -c '% --mode rpc' # want "RED:eval"
echo claude | xargs --replace=@ timeout 5 @ -p x # want "RED:direct-literal"
echo claude.md | xargs -I{} cat {}
printf '%s\n' a b | xargs -I{} {} -p
echo claude | xargs echo
echo claude | xargs
