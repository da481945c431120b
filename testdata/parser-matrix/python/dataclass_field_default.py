# Dataclass field defaults (plain and through field()) are read through
# self.: the default is the value when nothing else is passed.
import subprocess
from dataclasses import dataclass, field


@dataclass
class Agent:
    binary: str = "claude"
    args: list = field(default_factory=lambda: ["-p"])

    def go(self):
        subprocess.run([self.binary, *self.args])  # want "RED:variable-execution"
