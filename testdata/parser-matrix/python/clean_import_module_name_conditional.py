# Near miss of import_module_name_conditional.py: both branches known and
# neither a process module, or the process module running no runtime.
import importlib
import sys

name = "os.path" if len(sys.argv) > 1 else "json"
importlib.import_module(name).dumps(["claude", "-p"])

other = sys.argv[1] if len(sys.argv) > 1 else "json"
importlib.import_module(other).run(["git", "log"])
