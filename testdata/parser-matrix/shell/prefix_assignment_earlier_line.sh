# An assignment on an earlier line, then the launch on its own.
ANTHROPIC_API_KEY=dummy
export ANTHROPIC_API_KEY
claude -p hi # want "RED:direct-literal"
