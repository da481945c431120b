# The name built by concatenation over two assignments.
C="cl"
C="${C}aude"
$C -p hi # want "RED:variable-execution"
