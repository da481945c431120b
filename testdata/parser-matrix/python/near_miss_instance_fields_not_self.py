# Fields of instances that only ever hold other programs.
import subprocess
from dataclasses import dataclass


@dataclass
class Runner:
    bin: str = "git"


r = Runner()
subprocess.run([r.bin, "status"])


class Task:
    def __init__(self, tool):
        self.tool = tool


t = Task("make")
subprocess.run([t.tool, "all"])
