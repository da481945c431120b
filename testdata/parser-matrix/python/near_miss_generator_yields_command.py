# Near miss of generator_yields_command.py: the same generators yielding
# git's argv; "claude" is only yielded by a generator no process runs.
import subprocess


def argv():
    yield "git"
    yield "status"


def labels():
    yield "claude"


subprocess.run(list(argv()))
subprocess.run([next(argv()), "--version"])
names = list(labels())


def delegated():
    yield from ["git", "log", "-1"]


subprocess.Popen([*delegated()])
