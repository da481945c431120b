# A quoted default expansion in command position.
"${AGENT_BIN:-claude}" -p hi # want "RED:dynamic"
