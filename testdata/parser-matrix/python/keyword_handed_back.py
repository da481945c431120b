# A function the analysis does not model, handed a runtime's name as a
# keyword argument (a template engine's render, a builder's option), may
# put it in what it hands back, as for a positional one: the result is
# the name or an unknown, judged on the name. Near miss:
# near_miss_keyword_handed_back.py.
import os
import subprocess

from jinja2 import Environment, FileSystemLoader

env = Environment(loader=FileSystemLoader("templates"))
line = env.get_template("nightly.sh.j2").render(tool="pi", task="summarise")
subprocess.run(["bash", "-c", line], check=True)  # want "RED:eval"
os.system(env.from_string(open("t.txt").read()).render(runner="claude"))  # want "RED:direct-literal"
