# The primitive built from adjacent quoted pieces.
claude "--dangerously-"'skip-permissions' -p hi # want "RED:direct-literal" "RED:dangerous-primitive"
