# An array built up with +=.
cmd=()
cmd+=(claude)
cmd+=(-p hi)
"${cmd[@]}" # want "RED:variable-execution"
