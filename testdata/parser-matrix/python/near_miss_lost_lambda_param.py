# Near miss of lost_lambda_param.py: the lambda runs what it is given,
# but the file names the runtime only in a comparison and as a key.
import subprocess

handlers = {}


def on(name, f):
    handlers[name] = f


on("start", lambda argv: subprocess.run(argv))
handlers["start"](["git", "status"])
NAMES = {"claude": "Claude Code"}
if handlers and "x" == "claude":
    print(NAMES)
