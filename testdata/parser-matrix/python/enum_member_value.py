# An Enum member's value names the runtime: `Agent.CLAUDE.value`, by value
# (`Agent("claude").value`) and by name (`Agent["CLAUDE"].value`) (review3
# e20). Near misses: the same reads of a member whose value is `git`.
import subprocess
from enum import Enum


class Agent(Enum):
    CLAUDE = "claude"
    GIT = "git"


subprocess.run([Agent.CLAUDE.value, "-p", "x"])  # want "RED:variable-execution"
subprocess.run([Agent("claude").value, "-p", "x"])  # want "RED:process-api"
subprocess.run([Agent["CLAUDE"].value, "-p", "x"])  # want "RED:variable-execution"
subprocess.run([Agent.GIT.value, "status"])
subprocess.run([Agent("git").value, "status"])
subprocess.run([Agent["GIT"].value, "status"])
