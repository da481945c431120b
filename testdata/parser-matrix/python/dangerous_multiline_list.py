# --permission-mode and its value on separate lines of a list.
ARGS = [
    "--permission-mode",  # want "RED:dangerous-primitive"
    "bypassPermissions",
]
