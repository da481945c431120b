# runuser -l USER -c: the user operand comes before the shell string.
runuser -l agent -c 'claude -p hi' # want "RED:eval"
