#!/usr/bin/env bats
# In a bats test, `run CMD ARGS` runs CMD: a launch (bats syntax, so not given to bash -n).
@test "agent answers" {
  run -0 claude -p hi # want "RED:direct-literal"
  [ "$status" -eq 0 ]
}
