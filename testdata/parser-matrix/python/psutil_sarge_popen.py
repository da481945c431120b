# psutil.Popen is subprocess.Popen with the process's details; sarge
# parses a line as a shell would and runs it. Both start the runtime.
# Near miss: near_miss_psutil_sarge_popen.py.
import psutil
import sarge
from sarge import capture_stdout

p = psutil.Popen(["pi", "--print", "summary"])  # want "RED:process-api"
sarge.run("cd /repo && claude -p 'look'")  # want "RED:direct-literal"
out = capture_stdout(["claude", "-p", "list"])  # want "RED:process-api"
