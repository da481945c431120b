#!/bin/bash
# Near miss of link_source_in_variable.sh: the same links, their
# sources other programs named in variables.
SRC="$(npm root -g)/prettier/bin/prettier.cjs"
DEST=/usr/local/bin/revbot
ln -sf "$SRC" "$DEST"
"$DEST" --check .
GIT_BIN="$(command -v git)"
cp "$GIT_BIN" /opt/bin/coder
coder status
ln -sf "$(command -v git)" "$1"
cp -a "$(npm root -g)/prettier" "$VENDOR_DIR"
# a build folder named like a runtime renamed (badlogic/pi-mono build-binaries.sh)
mv pi "$platform"
