# A helper's *args is the list of its calls' arguments from its position
# on: the argv it runs names the runtime when a call passes it. Near miss:
# the same helper called with another tool only.
import subprocess


def run(*argv):
    return subprocess.run(list(argv))  # want "RED:variable-execution"


def in_dir(cwd, *cmd):
    return subprocess.check_call([*cmd], cwd=cwd)


def git(*args):
    return subprocess.run(["git", *args])


run("claude", "-p", "fix")
run("ls")
in_dir("/tmp", "make", "claude")
git("log", "--grep", "claude")
