# Near miss of field_many_constructor_calls.py: forty-one calls, every
# one giving git: clean.
import subprocess
from dataclasses import dataclass


@dataclass
class Job:
    program: str

    def go(self):
        subprocess.run([self.program, '-p'])


Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job('git').go()
Job(program='git').go()
