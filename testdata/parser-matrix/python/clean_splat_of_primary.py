# Near miss of splat_of_primary.py: the same splats of other programs'
# argv, the arguments naming a runtime: clean.
import subprocess


class Tool:
    ARGV = ["git", "log", "--grep", "claude"]


def tool_cmd():
    return ("make", "-C", "pi")


subprocess.run([*Tool.ARGV])
subprocess.run([*tool_cmd()])
subprocess.run([*Tool.ARGV[:1]])
