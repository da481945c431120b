# A whole argv held in a module constant.
import subprocess

CMD = ["claude", "-p", "hi"]
subprocess.run(CMD)  # want "RED:variable-execution"
