# A launch inside $(...).
out=$(claude -p hi) # want "RED:command-substitution"
echo "$out"
