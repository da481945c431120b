# The environment handed to a process sets the variables the shell line
# it runs expands: `$TOOL` is what env= says. Near miss:
# near_miss_shell_env_kwarg.py.
import os
import subprocess

subprocess.run("exec ${TOOL} --print hi", shell=True, env=dict(os.environ, TOOL="pi"))  # want "RED:variable-execution"
subprocess.Popen('cd /srv && "$RUNNER" -p x', shell=True, env={"HOME": "/tmp", "RUNNER": "claude"})  # want "RED:variable-execution"
