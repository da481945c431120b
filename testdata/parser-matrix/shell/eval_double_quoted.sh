# eval of a double-quoted launch.
eval "claude -p hi" # want "RED:eval"
