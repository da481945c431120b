# Near miss of handed_object_back.py: the same shapes holding another
# tool, and a string method of a handed-back value.
import json
import subprocess

import somelib

o = somelib.wrap({"bin": "git"})
subprocess.run([o["bin"], "status"])

cfg = json.loads('{"bin": "node", "args": ["-v"]}')
subprocess.run([cfg["bin"], "-v"])

label = somelib.title("claude")
print(label.upper())
