# An array holding the command, run with "${cmd[@]}".
cmd=(claude -p hi)
"${cmd[@]}" # want "RED:variable-execution"
