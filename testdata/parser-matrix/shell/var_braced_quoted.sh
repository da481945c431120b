# "${C}" in braces and quotes.
C='claude'
"${C}" -p hi # want "RED:variable-execution"
