# The keyword forms starting another program.
import os

os.spawnv(os.P_WAIT, file="/usr/bin/git", args=["git", "status"])
os.posix_spawnp(path="git", argv=["git", "log"], env=os.environ)
