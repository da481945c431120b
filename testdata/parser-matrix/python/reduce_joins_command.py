# functools.reduce joining parts into a command: the known list folded
# from the left by a function adding its two arguments (a lambda, a def
# returning a `+` of its parameters, operator.add), so the parts make the
# runtime's name or argv. The reduce was an unknown and the runtime went
# unseen (a reviewer's evasion).
import functools
import operator
import subprocess
from functools import reduce

prog = functools.reduce(lambda a, b: a + b, ["cla", "ude"])
subprocess.run([prog, "-p"])  # want "RED:variable-execution"

argv = reduce(operator.add, [["claude"], ["-p", "fix"]])
subprocess.run(argv)  # want "RED:variable-execution"


def spaced(acc, word):
    return acc + " " + word


line = reduce(spaced, ["-p", "hi"], "claude")
subprocess.run(line, shell=True)  # want "RED:direct-literal"
