# copy.copy and copy.deepcopy of a value are that value, and a dict
# merged into another keeps its entries (`{**base, ...}`, `dict(**base,
# ...)`, `dict(base, ...)`, `base | {...}`) but those written after it.
import copy
import subprocess
from copy import deepcopy

BASE = ["claude", "-p"]
OPTS = {"cmd": ["claude", "-p"], "cwd": "/tmp"}

subprocess.run(copy.deepcopy(BASE))  # want "RED:variable-execution"
subprocess.run(copy.copy(BASE))  # want "RED:variable-execution"
subprocess.run(deepcopy(BASE) + ["--verbose"])  # want "RED:variable-execution"
cmd = copy.deepcopy(BASE)
cmd.append("summarize")
subprocess.run(cmd)  # want "RED:variable-execution"

merged = dict(**OPTS, cwd="/srv")
subprocess.run(merged["cmd"])  # want "RED:process-api"
spread = {**OPTS, "cwd": "/srv"}
subprocess.run(spread["cmd"], cwd=spread["cwd"])  # want "RED:process-api"
positional = dict(OPTS, cwd="/srv")
subprocess.run(positional["cmd"])  # want "RED:process-api"
alone = dict(OPTS)
subprocess.run(alone["cmd"])  # want "RED:process-api"
union = OPTS | {"cwd": "/srv"}
subprocess.run(union["cmd"])  # want "RED:process-api"
deep = copy.deepcopy(OPTS)
subprocess.run(deep["cmd"])  # want "RED:process-api"
updated = {"cwd": "/srv"}
updated.update(OPTS)
subprocess.run(updated["cmd"], cwd=updated["cwd"])  # want "RED:process-api"

# a later entry replaces the merged one
replaced = {**OPTS, "cmd": ["git", "status"]}
subprocess.run(replaced["cmd"])
overridden = OPTS | {"cmd": ["git", "log"]}
subprocess.run(overridden["cmd"])
