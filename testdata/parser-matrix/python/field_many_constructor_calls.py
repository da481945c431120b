# A dataclass field set by the class's calls (`Job('git')`), from more
# sites than MaxCallSites (32): every call's argument is a possibility of
# the field, those past the bound read as the assignments past MaxReturns
# are, so the one call giving claude among forty giving git is RED.
import subprocess
from dataclasses import dataclass


@dataclass
class Job:
    program: str

    def go(self):
        subprocess.run([self.program, '-p'])  # want "RED:variable-execution"


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
Job(program='claude').go()
