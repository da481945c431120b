#!/bin/bash
# An array or variable filled by `mapfile`/`readarray`/`read -a` from a
# process substitution or a pipe (review23 077): what the producer prints,
# when it is `printf`/`echo` of literal words (or `cat` of a heredoc), is
# the input's lines and fields, so a runtime read that way and run is
# RED; a producer whose output the file does not know (a command, a file
# outside the repository) gives a value the analysis lost track of, run
# as a command in a file that names a runtime: `dynamic`, never nothing.
# Near miss: clean_mapfile_read_generated_argv.sh.
mapfile -t CMD < <(printf "%s\n" claude -p hello)
"${CMD[@]}" # want "RED:variable-execution"
printf '%s\n' pi | while read -r r; do "$r" --mode rpc; done # want "RED:variable-execution"
readarray -t GEN < <(./gen-agent-cmd)
"${GEN[@]}" # want "RED:dynamic"
read -r -a ARGV < /etc/agent/cmd
$ARGV -p x # want "RED:dynamic"
