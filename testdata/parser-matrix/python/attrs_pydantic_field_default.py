# attrs and pydantic field defaults are read through self. too.
import subprocess

import attrs
from pydantic import BaseModel, Field


@attrs.define
class A:
    binary: str = attrs.field(default="claude")

    def go(self):
        subprocess.run([self.binary, "-p"])  # want "RED:variable-execution"


class B(BaseModel):
    agent: str = Field("pi")

    def go(self):
        subprocess.run([self.agent, "-p"])  # want "RED:variable-execution"
