#!/bin/dash
# export NAME=value in POSIX sh is tracked too.
export AGENT=claude
"$AGENT" -p hi # want "RED:variable-execution"
