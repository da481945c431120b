# The name built from two variables in one word.
A=cl
B=aude
"$A$B" -p hi # want "RED:variable-execution"
