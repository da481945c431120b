# A local variable in a function.
f() {
  local bin=claude
  "$bin" -p hi # want "RED:variable-execution"
}
