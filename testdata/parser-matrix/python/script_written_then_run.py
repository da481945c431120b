# A shell given a script file the code writes runs text the analysis does
# not follow: in a file that names the runtime, it is a dynamic launch.
# The text written to the path it runs is now judged as the shell's line,
# at the call (review 23's 100): RED direct-literal, the runtime named,
# where it was a dynamic launch.
import subprocess

with open("/tmp/agent.sh", "w") as f:
    f.write("claude -p hi\n")
subprocess.run(["bash", "/tmp/agent.sh"])  # want "RED:direct-literal"
