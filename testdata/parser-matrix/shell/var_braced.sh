# ${C} in braces.
C=claude
${C} -p hi # want "RED:variable-execution"
