# A shell given a script file the code writes runs text the analysis does
# not follow: in a file that names the runtime, it is a dynamic launch.
import subprocess

with open("/tmp/agent.sh", "w") as f:
    f.write("claude -p hi\n")
subprocess.run(["bash", "/tmp/agent.sh"])  # want "RED:dynamic"
