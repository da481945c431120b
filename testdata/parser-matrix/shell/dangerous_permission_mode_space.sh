# The permission-mode flag followed by the bypass value, as two words.
claude --permission-mode bypassPermissions -p hi # want "RED:direct-literal" "RED:dangerous-primitive"
