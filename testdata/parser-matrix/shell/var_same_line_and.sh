# The assignment and the execution joined by &&.
C=claude && "$C" -p hi # want "RED:variable-execution"
