# The mode value in a variable, passed after --permission-mode.
MODE=bypassPermissions
claude --permission-mode "$MODE" -p hi # want "RED:direct-literal" "RED:dangerous-primitive"
