# An f-string that completes the permission-mode flag with the bypass value from a constant.
MODE = "bypassPermissions"
ARG = f"--permission-mode={MODE}"  # want "RED:dangerous-primitive"
