# command -p runs the program with the default PATH.
command -p claude -p hi # want "RED:direct-literal"
