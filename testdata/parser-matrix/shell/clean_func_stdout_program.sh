#!/bin/sh
# Near miss of func_stdout_program.sh: the functions print other tools'
# paths; the runtime's name goes to standard error or a file, or is only
# an argument of what is printed, never the program.
find_editor() {
  for p in "$HOME/.local/bin/nvim" /usr/bin/vim; do
    if [ -x "$p" ]; then echo "$p"; return; fi
  done
  command -v nano
}
EDITOR_BIN="$(find_editor)"
"$EDITOR_BIN" notes.txt

tool_bin() {
  echo "claude is not used here" >&2
  echo /usr/local/bin/claude > /tmp/last-agent
  printf '%s\n' /usr/bin/git
}
TOOL="$(tool_bin)"
"$TOOL" status claude
