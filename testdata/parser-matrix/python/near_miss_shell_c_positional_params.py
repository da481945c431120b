# Near miss of shell_c_positional_params.py: the parameters name another
# tool, or the runtime's name is only echoed.
import subprocess

subprocess.run(["sh", "-c", '"$@"', "sh", "git", "status"])
subprocess.run(["sh", "-c", 'echo "$1"', "sh", "claude"])
