# A walrus binding of a look-up.
import shutil
import subprocess

if (exe := shutil.which("claude")) is not None:
    subprocess.run([exe, "-p"])  # want "RED:dynamic"
