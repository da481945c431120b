# Near miss: the same named fields holding git stay green.
import subprocess

cmd = "{tool} status {q}".format_map({"tool": "git", "q": "-s"})
subprocess.run(cmd, shell=True)
subprocess.run("{tool} status {q}".format(tool="git", q="-s"), shell=True)
