# attrs names a field's default factory `factory=` (dataclasses'
# default_factory=): what it returns is the field's value when the
# instance is made without it. Near miss: near_miss_attrs_field_factory.py.
import subprocess

import attr
import attrs


@attrs.define
class Nightly:
    command: list = attrs.field(factory=lambda: ["pi", "--print", "summarise"])

    def start(self):
        subprocess.run(self.command, check=True)  # want "RED:variable-execution"


@attr.s
class Review:
    argv = attr.ib(factory=lambda: ["claude", "-p", "review"])


subprocess.run(Review().argv)  # want "RED:variable-execution"
