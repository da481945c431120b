# A launch in a function body.
run() {
  claude -p "$1" # want "RED:direct-literal"
}
run hi
