# Near miss of copy_and_dict_merge.py: the same copies and merges of
# values naming git: clean.
import copy
import subprocess
from copy import deepcopy

BASE = ["git", "-p"]
OPTS = {"cmd": ["git", "-p"], "cwd": "/tmp"}

subprocess.run(copy.deepcopy(BASE))
subprocess.run(copy.copy(BASE))
subprocess.run(deepcopy(BASE) + ["--verbose"])
cmd = copy.deepcopy(BASE)
cmd.append("summarize")
subprocess.run(cmd)

merged = dict(**OPTS, cwd="/srv")
subprocess.run(merged["cmd"])
spread = {**OPTS, "cwd": "/srv"}
subprocess.run(spread["cmd"], cwd=spread["cwd"])
positional = dict(OPTS, cwd="/srv")
subprocess.run(positional["cmd"])
alone = dict(OPTS)
subprocess.run(alone["cmd"])
union = OPTS | {"cwd": "/srv"}
subprocess.run(union["cmd"])
deep = copy.deepcopy(OPTS)
subprocess.run(deep["cmd"])
updated = {"cwd": "/srv"}
updated.update(OPTS)
subprocess.run(updated["cmd"], cwd=updated["cwd"])

# a later entry replaces the merged one
replaced = {**OPTS, "cmd": ["git", "status"]}
subprocess.run(replaced["cmd"])
overridden = OPTS | {"cmd": ["git", "log"]}
subprocess.run(overridden["cmd"])
