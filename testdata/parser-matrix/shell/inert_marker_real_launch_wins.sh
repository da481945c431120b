# The inert marker never suppresses a real launch on the same line.
claude -p hi # check-launches: inert not really a launch # want "RED:direct-literal"
