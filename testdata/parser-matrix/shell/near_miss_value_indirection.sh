#!/bin/bash
# Near miss of value_indirection.sh: the same indirections to a program
# that is no runtime (`git`), and a runtime's name reached by them but
# only printed; `export -n` un-exports, it makes no nameref.
printf -v tool '%s%s' g it
"$tool" status
agent=git
declare -n ref=agent
"$ref" log
export -n agent
REVIEWER=git
which_tool=REVIEWER
"${!which_tool}" fetch
NAME=claude
pick=NAME
echo "${!pick}"
tools=(git make)
i=0
"${tools[i+1]}" all
printf -v msg 'run %s' claude
echo "$msg"
