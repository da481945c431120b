# Fields read from an instance that is not `self`: class and dataclass
# defaults, `__init__` assignments, and values passed to the constructor
# by keyword or position (issue 15).
import subprocess
from dataclasses import dataclass


@dataclass
class Runner:
    bin: str = "claude"


r = Runner()
subprocess.run([r.bin, "-p"])  # want "RED:variable-execution"


class Tool:
    def __init__(self):
        self.exe = "claude"


subprocess.run([Tool().exe, "-p"])  # want "RED:variable-execution"


@dataclass
class Job:
    program: str


j = Job(program="claude")
subprocess.run([j.program, "-p"])  # want "RED:variable-execution"


class Task:
    def __init__(self, tool):
        self.tool = tool


t = Task("claude")
subprocess.run([t.tool, "-p"])  # want "RED:variable-execution"
