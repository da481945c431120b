# Comments that mention a launch are not code.
import subprocess

# subprocess.run(["claude", "-p"]) would bypass the wrapper.
subprocess.run(["ls"])
