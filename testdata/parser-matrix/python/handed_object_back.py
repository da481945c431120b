# A function the analysis does not model, handed a dict or a JSON text
# that holds a runtime's name, may hand back any part of it: an entry or
# an attribute of its result is any string it was handed (or an
# unknown), and json.loads of an object is a dict of those strings.
import json
import subprocess

import somelib

o = somelib.wrap({"bin": "claude"})
subprocess.run([o["bin"], "-p"])  # want "RED:variable-execution"
subprocess.run([o.bin, "-p"])  # want "RED:variable-execution"

cfg = json.loads('{"bin": "claude", "args": ["-p"]}')
subprocess.run([cfg["bin"], "-p"])  # want "RED:variable-execution"
