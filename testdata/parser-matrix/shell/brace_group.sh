# A launch inside a brace group.
{ claude -p hi; } > agent.log # want "RED:direct-literal"
