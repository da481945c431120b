# shell_env_kwarg.py where the variables the line expands hold plain
# tools, and the runtime's name is a variable the line never runs.
import os
import subprocess

subprocess.run("exec ${TOOL} status", shell=True, env=dict(os.environ, TOOL="git", AGENT="claude"))
subprocess.Popen('echo "$RUNNER"', shell=True, env={"RUNNER": "claude"})
