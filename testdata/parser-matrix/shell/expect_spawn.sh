#!/bin/bash
# expect runs the program its Tcl `spawn` names (review16 16): the
# commands of `expect -c CMDS` are read as shell words, where `spawn PROG
# ARGS` runs PROG. Near miss: near_miss_expect_spawn.sh.
expect -c 'spawn claude -p hi; expect eof' # want "RED:eval"
expect -c 'spawn -noecho pi --mode rpc; interact' # want "RED:eval"
