# ${AGENT:=claude} assigns the default, then the variable is run.
: "${AGENT:=claude}"
"$AGENT" -p hi # want "RED:dynamic"
