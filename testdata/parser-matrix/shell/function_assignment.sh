# An assignment inside a function is a possibility wherever the name is
# expanded (global by default in the shell).
pick() {
  if command -v claude >/dev/null; then BIN=claude; else BIN=true; fi
}
pick
"$BIN" -p x # want "RED:variable-execution"
choose() { EDITOR_BIN=vim; }
choose
"$EDITOR_BIN" notes.txt
