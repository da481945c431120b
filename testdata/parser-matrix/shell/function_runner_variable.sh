#!/bin/bash
# A function that runs its arguments through a variable of its body
# (review16 13, 14): one set to an argument (`local runner=$1`) run as
# the command is that argument run; one set to literals (`local
# r=timeout`) run before "$@" is that program, so the function runs its
# arguments behind it. Near miss: near_miss_function_runner_variable.sh.
run_with() { local runner=$1; shift; "$runner" "$@"; }
run_with claude -p "review" # want "RED:direct-literal"
wrap() { local r="timeout"; "$r" 600 "$@"; }
wrap pi --mode rpc # want "RED:direct-literal"
