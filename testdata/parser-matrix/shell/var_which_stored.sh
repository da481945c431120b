# A path found with which, stored and run.
CLAUDE=$(which claude)
"$CLAUDE" -p hi # want "RED:dynamic"
