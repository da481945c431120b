# psutil_sarge_popen.py with ordinary tools: the runtime's name is only
# a process's label and text printed.
import psutil
import sarge

p = psutil.Popen(["git", "log", "--oneline"])
for proc in psutil.process_iter(["name"]):
    if proc.info["name"] == "claude":
        print("claude is running")
sarge.run("echo claude -p is not run here")
sarge.capture_stdout(["make", "lint"])
