# $'claude' is still the word claude.
$'claude' -p hi # want "RED:direct-literal"
