# A function that copies its arguments into an array and runs the array
# (`local -a cmd=("$@"); "${cmd[@]}"`) runs its arguments: its call with
# a runtime is the launch.
retry() {
  local -a cmd=("$@")
  for i in 1 2 3; do
    "${cmd[@]}" && return 0
    sleep $((i * 5))
  done
  return 1
}
retry claude -p "flaky network task" # want "RED:direct-literal"
