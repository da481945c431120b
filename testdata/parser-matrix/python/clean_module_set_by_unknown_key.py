# Near miss of module_set_by_unknown_key.py: the stored modules run no
# runtime.
import importlib

mods = {}
for name in ["json", "os"]:
    mods[name] = importlib.import_module(name)
mods["json"].dumps(["claude", "-p"])

procs = {}
for name in ["subprocess"]:
    procs[name] = importlib.import_module(name)
procs["subprocess"].run(["git", "log"])
