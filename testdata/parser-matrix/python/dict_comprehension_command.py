# A command held in a dict comprehension, `{k: [k, "-p"] for k in [...]}`:
# the dict's one pair is every entry, its key any element of the list, so
# `cmds["claude"]` (and `.get`, `.values()`) is the pair's value with the
# loop variable any element. The comprehension was an unknown and the
# runtime went unseen (a reviewer's evasion). A class attribute dict
# (`C.CMDS["a"]`) is read as a module-level one.
import subprocess

cmds = {k: [k, "-p"] for k in ["claude"]}
subprocess.run(cmds["claude"])  # want "RED:variable-execution"

tools = {name: name for name in ("git", "claude")}
subprocess.run([tools.get("claude"), "-p"])  # want "RED:variable-execution"

for argv in {t: [t, "--print"] for t in ["claude"]}.values():
    subprocess.run(argv)  # want "RED:variable-execution"


class C:
    CMDS = {"a": ["claude", "-p"]}


subprocess.run(C.CMDS["a"])  # want "RED:process-api"
