# A look-up with a fallback, stored and run.
bin=$(command -v claude || echo /usr/local/bin/claude)
"$bin" -p hi # want "RED:dynamic"
