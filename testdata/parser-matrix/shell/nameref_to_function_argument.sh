# A function that assigns through a nameref bound to its argument
# (`local -n out=$1`) sets the caller's variable: `pick tool` makes
# "$tool" what the function assigns `out`.
pick_agent() {
  local -n out=$1
  out=pi
}
pick_agent tool
"$tool" -p "summarise the diff" # want "RED:variable-execution"
