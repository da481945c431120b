# defaultMode bypassPermissions in a settings dict.
settings = {"permissions": {"defaultMode": "bypassPermissions"}}  # want "RED:dangerous-primitive"
