# A function that runs its arguments ("$@") launches what it is given.
retry() {
  for i in 1 2 3; do "$@" && return 0; sleep "$i"; done
}
retry claude -p hi # want "RED:direct-literal"
