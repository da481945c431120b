# A tracked folder with the runtime's name written literally is a path launch.
BIN_DIR="$HOME/.local/bin"
"$BIN_DIR/claude" -p hi # want "RED:absolute-path"
