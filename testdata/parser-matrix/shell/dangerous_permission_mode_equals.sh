# The permission-mode flag joined to the bypass value with =.
claude --permission-mode=bypassPermissions -p hi # want "RED:direct-literal" "RED:dangerous-primitive"
