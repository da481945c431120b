# The output of which run directly.
"$(which claude)" -p hi # want "RED:dynamic"
