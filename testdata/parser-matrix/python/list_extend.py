# extend() before the call.
import subprocess

argv = ["sudo", "-u", "agent"]
argv.extend(["claude", "-p"])
subprocess.run(argv)  # want "RED:variable-execution"
