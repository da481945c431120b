# Near miss of import_module_name_maybe_other.py: every possibility of the
# name is known and none is a process module, or it runs no runtime.
import importlib
import sys

name = "json"
if len(sys.argv) > 1:
    name = "os.path"
importlib.import_module(name).dumps(["claude", "-p"])

other = "json"
if len(sys.argv) > 2:
    other = sys.argv[2]
importlib.import_module(other).run(["git", "log"])
