# command runs the program, skipping functions.
command claude -p hi # want "RED:direct-literal"
