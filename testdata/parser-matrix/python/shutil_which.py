# shutil.which('claude') is a run-time look-up: dynamic.
import shutil
import subprocess

exe = shutil.which("claude")
subprocess.run([exe, "-p"])  # want "RED:dynamic"
