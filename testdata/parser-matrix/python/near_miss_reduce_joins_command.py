# Near miss of reduce_joins_command.py: the same folds making git's name
# and argv; "claude" is only a label folded into a message.
import functools
import operator
import subprocess
from functools import reduce

prog = functools.reduce(lambda a, b: a + b, ["g", "it"])
subprocess.run([prog, "status"])

argv = reduce(operator.add, [["git"], ["log", "--oneline"]])
subprocess.run(argv)


def spaced(acc, word):
    return acc + " " + word


note = reduce(spaced, ["asks", "claude"], "nobody")
line = reduce(spaced, ["status", "-s"], "git")
subprocess.run(line, shell=True)
