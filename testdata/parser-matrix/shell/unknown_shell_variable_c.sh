# "$SHELL" -c: an unknown program given -c and a string is taken to be a shell.
"$SHELL" -lc 'claude -p hi' # want "RED:eval"
