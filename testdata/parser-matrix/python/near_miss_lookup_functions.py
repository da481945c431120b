# The same functions reading other programs.
import os
import random
import subprocess

subprocess.run([random.choice(["git", "hg"]), "log"])
subprocess.run([os.path.basename("/usr/bin/make"), "all"])
subprocess.run([os.path.basename("/opt/claude/bin/launch-runtime"), "--runtime", "claude", "--", "-p"])  # want "GATED"
