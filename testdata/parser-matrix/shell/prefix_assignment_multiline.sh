# Prefix assignments spread over continued lines.
ANTHROPIC_MODEL=opus \
  DEBUG=1 \
  claude -p hi # want "RED:direct-literal"
