# Near miss: the same retry function given git, and a function that
# copies its arguments into an array only to print them.
retry() {
  local -a cmd=("$@")
  for i in 1 2 3; do
    "${cmd[@]}" && return 0
    sleep "$i"
  done
}
show() {
  local -a words=("$@")
  echo "${words[@]}"
}
retry git fetch origin
show claude -p "is not run"
