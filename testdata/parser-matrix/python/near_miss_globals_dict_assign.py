# globals() set to another program.
import subprocess

cmd = "git"
globals()["cmd"] = "hg"
subprocess.run([cmd, "log"])
