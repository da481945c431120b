# A computed look-up in a namespace is the set of what it may name:
# `globals()[name]` is the module-level name `name` holds (each of its
# possibilities; a key not known statically, any module-level name of the
# file, up to a bound), and `vars(obj)["x"] = v` (or
# `obj.__dict__["x"] = v`) sets attribute x of obj, read back as `obj.x`.
# Near miss: near_miss_module_namespace_lookup.py.
import subprocess
import sys

REVIEWER = "claude"
LINTER = "ruff"
name = "REVIEWER"
subprocess.run([globals()[name], "-p", "go"])  # want "RED:variable-execution"
subprocess.run([globals()[sys.argv[1]], "--check"])  # want "RED:variable-execution"


class Cfg:
    pass


cfg = Cfg()
vars(cfg)["tool"] = "pi"
subprocess.run([cfg.tool, "-p", "go"])  # want "RED:variable-execution"
