# Near miss of dict_comprehension_command.py: the same dict comprehensions
# and class attribute dict holding git; "claude" is only a label.
import subprocess

cmds = {k: [k, "status"] for k in ["git"]}
subprocess.run(cmds["git"])

labels = {k: "claude" for k in ["agent"]}
tools = {name: name for name in ("git", "hg")}
subprocess.run([tools.get("git"), "log"])

for argv in {t: [t, "status"] for t in ["git"]}.values():
    subprocess.run(argv)


class C:
    CMDS = {"a": ["git", "status"], "label": "claude"}


subprocess.run(C.CMDS["a"])
