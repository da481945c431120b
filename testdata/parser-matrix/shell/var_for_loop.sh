# A for loop over runtime names runs each.
for r in claude pi; do
  "$r" --version # want "RED:variable-execution" "RED:variable-execution"
done
