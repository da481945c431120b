# env -S splits a string into the command.
env -S 'claude -p hi' # want "RED:eval"
