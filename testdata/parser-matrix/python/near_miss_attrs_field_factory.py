# attrs_field_factory.py with factories of plain tools: a runtime named
# in another field (a label) is not the command.
import subprocess

import attrs


@attrs.define
class Nightly:
    label: str = "claude"
    command: list = attrs.field(factory=lambda: ["make", "report"])

    def start(self):
        subprocess.run(self.command, check=True)


subprocess.run(Nightly().command)
