# Modules stored in a dict under a key that is not one known string: an
# entry read later may be any of them (review 10's forEach, in Python).
import importlib
import sys

mods = {}
for name in ["subprocess", "os"]:
    mods[name] = importlib.import_module(name)
mods["subprocess"].run(["claude", "-p", "a"])  # want "RED:process-api"

loaded = {}
for arg in sys.argv[1:]:
    loaded[arg] = importlib.import_module(arg)
loaded["anything"].Popen(["pi", "-p"])  # want "RED:process-api"
