# A string built by += in a loop: the name's value joined with the right
# side once or twice, so parts joined one by one make the runtime's name.
import subprocess

prog = ""
for part in ["cl", "aude"]:
    prog += part
subprocess.run([prog, "-p"])  # want "RED:variable-execution"

line = "cla"
while not line.endswith("ude"):
    line += "ude"
subprocess.run(line + " -p hi", shell=True)  # want "RED:direct-literal"
