# A variable copied from another.
A=claude
B=$A
$B -p hi # want "RED:variable-execution"
