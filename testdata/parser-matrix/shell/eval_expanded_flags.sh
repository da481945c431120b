# eval text with expansions: the unknown flags are placeholders, the
# command word is still claude (issue 15).
eval "claude $EXTRA_FLAGS -p \"\$PROMPT\"" # want "RED:eval"
eval "make $EXTRA_FLAGS -C \"\$DIR\""
