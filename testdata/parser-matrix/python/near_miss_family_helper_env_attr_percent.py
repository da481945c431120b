# The same forms with other programs only.
import os
import subprocess


def add(cmd):
    cmd.insert(0, "git")


args = ["status"]
add(args)
subprocess.run(args)

os.environ["VCS"] = "git"
subprocess.run([os.environ["VCS"], "log"])
subprocess.run([os.getenv("EDITOR", "vi"), "notes-about-claude.txt"])

subprocess.run(["%s" % "make", "all"])
