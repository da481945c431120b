# A settings dict written by subscript: the bypass mode is the primitive.
import json

s = {"permissions": {}}
s["permissions"]["defaultMode"] = "bypassPermissions"  # want "RED:dangerous-primitive"
json.dump(s, open(".claude/settings.json", "w"))
