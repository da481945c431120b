# runuser -c runs a shell command string.
runuser -u agent -c 'claude -p hi' # want "RED:eval"
