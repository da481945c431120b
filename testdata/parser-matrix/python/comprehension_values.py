# Comprehensions and generators over known lists and strings: the loop
# variable is any element, so the body's value is a possibility of every
# element (issue 15's family).
import subprocess

subprocess.run([x.lower() for x in ["CLAUDE", "-p"]])  # want "RED:variable-execution"
subprocess.run(["".join(c for c in "claude"), "-p"])  # want "RED:process-api"
subprocess.run(["".join([c for c in "claude"]), "-p"])  # want "RED:process-api"
