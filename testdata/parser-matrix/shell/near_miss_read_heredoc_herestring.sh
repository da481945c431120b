#!/bin/bash
# Near miss of read_heredoc_herestring.sh: the same reads of a program
# that is no runtime (`git`), run; and a runtime's name read but only
# printed or compared.
read -r bin <<'CFG'
git
CFG
"$bin" status
IFS=, read -r tool flag <<< "git,--no-pager"
"$tool" "$flag" log
read -r who <<< "claude"
echo "reviewer: $who"
[ "$who" = pi ] && echo same
mapfile -t argv <<EOF
git
status
EOF
"${argv[@]}"
