# An unquoted variable holding the command and a flag is split into words.
C="claude -p"
$C hi # want "RED:variable-execution"
