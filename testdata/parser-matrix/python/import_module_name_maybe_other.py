# A module name that is a literal on one path and not known on another:
# Union keeps the strings and leaves the unknown out, so the name may
# still be the process module's (Value.Other).
import importlib
import sys

name = "json"
if len(sys.argv) > 1:
    name = sys.argv[1]
importlib.import_module(name).Popen(["claude", "-p"])  # want "RED:process-api"

loaded = {}
for name in sys.argv[1:]:
    loaded[name] = importlib.import_module(name)
loaded["anything"].run(["pi", "-p"])  # want "RED:process-api"
