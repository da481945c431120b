# A function named claude that calls the program with `command` is a launch in its body.
claude() {
  command claude --model opus "$@" # want "RED:direct-literal"
}
claude -p hi
