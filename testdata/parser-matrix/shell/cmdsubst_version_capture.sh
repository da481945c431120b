# Capturing the runtime's version runs it.
VERSION=$(claude --version) # want "RED:command-substitution"
