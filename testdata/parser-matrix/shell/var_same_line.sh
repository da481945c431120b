# The assignment and the execution on the same line.
C=claude; $C -p hi # want "RED:variable-execution"
