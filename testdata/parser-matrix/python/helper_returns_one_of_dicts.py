# A helper that returns one of several command objects: the attribute read
# of the result is any of theirs (types.SimpleNamespace), so the run may
# start claude. Was silent: a union of objects was unknown.
import os
import subprocess
import types


def invocation(args):
    if os.environ.get("FAST"):
        return types.SimpleNamespace(command="node", args=args)
    return types.SimpleNamespace(command="claude", args=args)


spec = invocation(["-p", "x"])
subprocess.run([spec.command, *spec.args])  # want "RED:process-api"
