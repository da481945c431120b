# The name built with +=.
C=cl
C+=aude
"$C" -p hi # want "RED:variable-execution"
