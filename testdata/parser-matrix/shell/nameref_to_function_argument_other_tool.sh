# Near miss: the same nameref through an argument, set to git.
pick_tool() {
  local -n out=$1
  out=git
}
pick_tool tool
"$tool" log --oneline -5
