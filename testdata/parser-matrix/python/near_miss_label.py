# A string that is only a label is not a launch.
import subprocess

label = "claude"
print(label)
subprocess.run(["ls", "-la"])
