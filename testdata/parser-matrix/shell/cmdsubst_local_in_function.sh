# A substitution assigned to a local.
f() {
  local answer
  answer=$(pi --print "$1") # want "RED:command-substitution"
  echo "$answer"
}
