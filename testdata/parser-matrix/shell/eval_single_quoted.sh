# eval of a single-quoted launch.
eval 'claude -p hi' # want "RED:eval"
