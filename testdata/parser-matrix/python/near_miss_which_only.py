# Looking the runtime up without running it is not a launch.
import shutil
import subprocess

if shutil.which("claude") is None:
    subprocess.run(["echo", "claude is not installed"])
