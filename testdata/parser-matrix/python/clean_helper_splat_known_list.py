# Near miss of helper_splat_known_list.py: the same helpers, git.
import subprocess
import sys

CMD = ['git', '-p']


def run_tool(binary, *args):
    return subprocess.run([binary, *args])


run_tool(*CMD)

REST = ('-p', 'fix')


def run2(binary, flag, prompt):
    return subprocess.run([binary, flag, prompt])


run2('git', *REST)


def run3(opt, binary):
    return subprocess.run([binary])


run3(*[*sys.argv[1:], 'git'])
