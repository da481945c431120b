# A process API runs a program the analysis lost track of (a lambda's
# parameter: the lambda is handed on, its calls not followed), and the
# file names the runtime as a command could be written.
import subprocess

handlers = {}


def on(name, f):
    handlers[name] = f


on("start", lambda argv: subprocess.run(argv))  # want "RED:dynamic"
handlers["start"](["claude", "-p", "hi"])
