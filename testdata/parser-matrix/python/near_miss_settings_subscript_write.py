# A settings dict written by subscript with another mode is clean.
import json

s = {"permissions": {}}
s["permissions"]["defaultMode"] = "acceptEdits"
json.dump(s, open(".claude/settings.json", "w"))
