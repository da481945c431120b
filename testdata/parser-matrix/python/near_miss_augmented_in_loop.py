# Near miss of augmented_in_loop.py: the same loops building another
# tool's name.
import subprocess

prog = ""
for part in ["g", "it"]:
    prog += part
subprocess.run([prog, "status"])

line = "gi"
while not line.endswith("t"):
    line += "t"
subprocess.run(line + " log", shell=True)
