# Functions that read a value another way than a subscript or attribute:
# getattr, dict.pop, random.choice, next(iter(...)), os.path.basename
# (issue 15's family).
import os
import random
import subprocess


class R:
    def __init__(self):
        self.bin = "claude"


r = R()
subprocess.run([getattr(r, "bin"), "-p"])  # want "RED:variable-execution"
d = {"agent": "claude"}
subprocess.run([d.pop("agent"), "-p"])  # want "RED:process-api"
subprocess.run([random.choice(["claude", "git"]), "-p"])  # want "RED:variable-execution"
subprocess.run([next(iter(["claude"])), "-p"])  # want "RED:variable-execution"
subprocess.run([os.path.basename("/opt/tools/claude"), "-p"])  # want "RED:process-api"
