# An associative array: every value is a possibility of a look-up by an
# unknown key; a look-up by a literal key is that element (issue 15).
declare -A bins=([fast]=pi [smart]=claude)
"${bins[$mode]}" -p x # want "RED:variable-execution" "RED:variable-execution"
declare -A tools=([lint]=eslint [fmt]=prettier)
"${tools[$mode]}" --fix
