# An array whose first element is a wrapper.
cmd=(env FOO=1 claude -p)
"${cmd[@]}" hi # want "RED:variable-execution"
