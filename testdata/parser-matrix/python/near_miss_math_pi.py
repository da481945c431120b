# math.pi and a variable named pi are not the pi runtime.
import math
import subprocess

pi = math.pi
subprocess.run(["echo", str(pi)])
