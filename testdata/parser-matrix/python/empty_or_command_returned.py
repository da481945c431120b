# A function returning an empty list on one path and a command on
# another (`return []` when there is nothing to run): the union of the
# two lists is the command, judged where the call is run (it was once an
# internal error of the evaluator, reported unparseable).
import subprocess


def cmd(p):
    if not p:
        return []
    return ["claude", "-p", p]


subprocess.run(cmd("x"))  # want "RED:variable-execution"
