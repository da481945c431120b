# bash -lc (combined flags) runs a shell string.
bash -lc 'claude -p hi' # want "RED:eval"
