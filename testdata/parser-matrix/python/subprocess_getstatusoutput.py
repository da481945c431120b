# subprocess.getstatusoutput runs a shell string.
from subprocess import getstatusoutput

status, out = getstatusoutput("timeout 30 claude -p hi")  # want "RED:direct-literal"
