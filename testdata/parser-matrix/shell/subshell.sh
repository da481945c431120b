# A launch inside a subshell.
(cd work && claude -p hi) # want "RED:direct-literal"
