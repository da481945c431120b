# bash -c runs a shell string.
bash -c 'claude -p hi' # want "RED:eval"
