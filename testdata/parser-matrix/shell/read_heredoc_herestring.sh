#!/bin/bash
# `read` and `mapfile` from a heredoc or a here-string the script holds
# (review16 05, 123): each name gets its field of each line (the last
# name the rest, split on IFS as set on the call), mapfile the lines, so
# a runtime read that way and run is RED. Near miss:
# near_miss_read_heredoc_herestring.sh.
read -r bin <<'CFG'
claude
CFG
"$bin" -p "go" # want "RED:variable-execution"
IFS=, read -r tool flag <<< "pi,--mode"
"$tool" "$flag" rpc # want "RED:variable-execution"
mapfile -t argv <<EOF
claude
-p
EOF
"${argv[@]}" review # want "RED:variable-execution"
read -ra words <<< "claude -p x"
"${words[@]}" # want "RED:variable-execution"
