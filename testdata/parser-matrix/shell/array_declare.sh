# An array declared with declare -a.
declare -a cmd=(claude -p)
"${cmd[@]}" hi # want "RED:variable-execution"
