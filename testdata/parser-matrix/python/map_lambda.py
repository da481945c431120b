# map() with a lambda makes each element what the lambda's body makes of
# it (the element, or a str method of it); a function the analysis does
# not model may hand the element back, so each is the element or an
# unknown, judged on the element.
import subprocess

import somelib

cmds = list(map(lambda x: x.strip(), [" claude ", "-p"]))
subprocess.run(cmds)  # want "RED:variable-execution"

same = list(map(lambda x: x, ["claude", "-p"]))
subprocess.run(same)  # want "RED:variable-execution"

resolved = list(map(somelib.resolve, ["claude", "-p"]))
subprocess.run(resolved)  # want "RED:variable-execution"
