# A dataclass field whose default is another program is clean.
import subprocess
from dataclasses import dataclass, field


@dataclass
class Fmt:
    binary: str = field(default="black")

    def go(self, path):
        subprocess.run([self.binary, path])
