# A generator yielding the command: a call of a function that yields is
# the list of what it yields in the order written (`yield from xs` spreads
# xs), consumed by list(), next() or a splat. The call was an unknown (a
# generator has no return value) and the runtime went unseen (a
# reviewer's evasion).
import subprocess


def argv():
    yield "claude"
    yield "-p"


subprocess.run(list(argv()))  # want "RED:variable-execution"
subprocess.run([next(argv()), "--version"])  # want "RED:variable-execution"


def delegated():
    yield from ["claude", "-p", "fix"]


subprocess.Popen([*delegated()])  # want "RED:variable-execution"
