#!/bin/sh
# The program is what a function of the file prints: `X="$(f)"` reads the
# function's output as the words it echoes or printfs, its `command -v`
# look-ups and the output of the functions it calls, each a possibility
# (issue 16, MacPilot). `$(command -v claude)` itself was already caught.
# The first launch is reached two ways (a run-time look-up and a printed
# name): one launch, one finding, the stronger class first in the order of
# findings (`dynamic`), the other way kept as its path (docs/repository.md,
# "One finding per launch").
find_claude() {
  for p in "$HOME/.local/bin/claude" /usr/local/bin/claude; do
    if [ -x "$p" ]; then echo "$p"; return; fi
  done
  command -v claude
}
CLAUDE_BIN="$(find_claude)"
"$CLAUDE_BIN" -p "hi" # want "RED:dynamic"

pi_path() { printf '%s\n' /opt/pi/bin/pi; }
agent_bin() {
  echo "progress" >&2
  pi_path
}
AGENT="$(agent_bin)"
"$AGENT" --mode rpc # want "RED:variable-execution"

# A name printed deeper than the fixed point's 4 rounds is still a
# possibility: reaching the bound takes every print of the chain.
l6() { echo claude; }
l5() { l6; }
l4() { l5; }
l3() { l4; }
l2() { l3; }
l1() { l2; }
DEEP="$(l1)"
"$DEEP" -p "hi" # want "RED:variable-execution"
