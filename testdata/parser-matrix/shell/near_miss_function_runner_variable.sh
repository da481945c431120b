#!/bin/bash
# Near miss of function_runner_variable.sh: the same functions given a
# program that is no runtime (`git`); a body variable set to a program
# that runs no command (`echo`, `git`) before "$@"; and a function that
# drops exactly one argument (`shift` in its own list, before it runs
# them) given a runtime's name past the program it runs (review16 near
# miss 33).
run_with() { local runner=$1; shift; "$runner" "$@"; }
run_with git log --grep claude
wrap() { local r="timeout"; "$r" 600 "$@"; }
wrap git fetch
say() { local p=echo; "$p" "$@"; }
say claude
g() { local cmd=git; "$cmd" "$@"; }
g log --grep claude
retry() { local n=$1; shift; for ((i=0;i<n;i++)); do "$@" && return 0; sleep 2; done; return 1; }
retry 3 git log --grep claude --oneline
retry 3 npm view @anthropic-ai/claude-code version
