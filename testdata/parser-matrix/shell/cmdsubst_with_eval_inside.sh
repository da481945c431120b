# Innermost construct wins: eval inside $(...) is eval.
x=$(eval "claude -p hi") # want "RED:eval"
