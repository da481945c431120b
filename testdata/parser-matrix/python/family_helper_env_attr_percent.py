# The same family as issue 15's evasions, one step further: a helper that
# changes the list its caller passes, an environment variable the file
# sets and reads back, an attribute set on an instance, and %-formatting
# of known arguments.
import os
import subprocess


def add(cmd):
    cmd.insert(0, "claude")


args = ["-p", "hi"]
add(args)
subprocess.run(args)  # want "RED:variable-execution"

os.environ["AGENT_BIN"] = "claude"
subprocess.run([os.environ["AGENT_BIN"], "-p"])  # want "RED:variable-execution"
subprocess.run([os.getenv("AGENT_BIN"), "-p"])  # want "RED:variable-execution"
os.putenv("TOOL", "claude")
subprocess.run([os.environ.get("TOOL", "git"), "-p"])  # want "RED:variable-execution"


class Box:
    pass


b = Box()
b.tool = "claude"
subprocess.run([b.tool, "-p"])  # want "RED:variable-execution"

subprocess.run(["%s%s" % ("cla", "ude"), "-p"])  # want "RED:process-api"
