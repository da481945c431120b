# A helper called only with a splat of a known list: its elements take the
# parameters' positions. The splat site was an unknown, so a helper whose
# every call splats a constant launched nothing (a reviewer's evasion).
# run3: a list of unknown length before the runtime, any element from
# there may be the parameter.
import subprocess
import sys

CMD = ['claude', '-p']


def run_tool(binary, *args):
    return subprocess.run([binary, *args])  # want "RED:variable-execution"


run_tool(*CMD)

REST = ('-p', 'fix')


def run2(binary, flag, prompt):
    return subprocess.run([binary, flag, prompt])  # want "RED:variable-execution"


run2('claude', *REST)


def run3(opt, binary):
    return subprocess.run([binary])  # want "RED:variable-execution"


run3(*[*sys.argv[1:], 'claude'])
