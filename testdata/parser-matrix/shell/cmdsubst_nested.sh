# A launch two substitutions deep.
x=$(echo "$(claude -p hi)") # want "RED:command-substitution"
