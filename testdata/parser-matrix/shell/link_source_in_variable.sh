#!/bin/bash
# A link or copy whose source is named only in a variable (review 26):
# the link line itself names no runtime, the value it is given does
# (`SRC=.../cli.js; ln -sf "$SRC" /usr/local/bin/revbot`), so every link
# command's operands are read, not only those whose text names one.
# A link or copy of a runtime under a name the scan cannot read counts
# as a launch at the call (dynamic): what runs it cannot be followed.
# Near miss: near_miss_link_source_in_variable.sh.
SRC="$(npm root -g)/@anthropic-ai/claude-code/cli.js"
DEST=/usr/local/bin/revbot
ln -sf "$SRC" "$DEST"
"$DEST" -p "hi" # want "RED:dynamic"
PI_BIN="$(command -v pi)"
cp "$PI_BIN" /opt/bin/coder
coder --mode rpc # want "RED:dynamic"
# a name the scan cannot read: the link itself counts as a launch
ln -sf "$(command -v claude)" "$1" # want "RED:dynamic"
cp -a "$(npm root -g)/@mariozechner/pi-coding-agent" "$VENDOR_DIR" # want "RED:dynamic"
