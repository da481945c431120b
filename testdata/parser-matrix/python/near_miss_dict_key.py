# Dict keys named claude and pi are data.
import subprocess

models = {"claude": "opus", "pi": 3.14}
subprocess.run(["echo", models["claude"]])
