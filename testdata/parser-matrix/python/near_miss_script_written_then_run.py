# Near miss of script_written_then_run.py: the written script runs another
# tool, and the runtime is only compared.
import subprocess

with open("/tmp/build.sh", "w") as f:
    f.write("make all\n")
subprocess.run(["bash", "/tmp/build.sh"])
if f.name == "claude":
    pass
