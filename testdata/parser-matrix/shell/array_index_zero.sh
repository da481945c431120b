# The first element of an array as the command.
cmd=(claude -p hi)
"${cmd[0]}" -p # want "RED:variable-execution"
