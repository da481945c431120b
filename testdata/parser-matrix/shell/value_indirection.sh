#!/bin/bash
# A program's name reached through the shell's indirections (review16
# 02, 03, 04, 21): `printf -v NAME FORMAT ARGS` sets NAME to what it
# prints; a nameref (`declare -n ref=agent`, `local -n`) is the variable
# it names; `${!name}` is the variable whose name is name's value
# (found at run time: dynamic); an index the file computes
# (`${a[i+1]}`, `${a[$i]}`) is any element (dynamic). Near miss:
# near_miss_value_indirection.sh.
printf -v tool '%s%s' cla ude
"$tool" -p "fix the tests" # want "RED:variable-execution"
agent=pi
declare -n ref=agent
"$ref" --mode rpc # want "RED:variable-execution"
REVIEWER=claude
which_tool=REVIEWER
"${!which_tool}" -p "summarize" # want "RED:dynamic"
tools=(git claude)
i=0
"${tools[i+1]}" -p "go" # want "RED:dynamic"
"${tools[$i]}" -p "go" # want "RED:dynamic"
