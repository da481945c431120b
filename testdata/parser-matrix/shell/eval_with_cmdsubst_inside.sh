# Innermost construct wins: $(...) inside eval's argument is command-substitution.
eval "$(claude --print-env)" # want "RED:command-substitution"
