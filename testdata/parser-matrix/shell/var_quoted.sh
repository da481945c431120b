# A quoted variable set earlier in the file.
C=claude
"$C" -p hi # want "RED:variable-execution"
