# string.Template(...).substitute / safe_substitute of a known text: each
# $name or ${name} is the keyword argument, or the mapping's entry, of
# that name.
import subprocess
import string
from string import Template

subprocess.run(string.Template("$b -p hi").substitute(b="claude"), shell=True)  # want "RED:direct-literal"

t = Template("${b} -p hi")
subprocess.run(t.safe_substitute({"b": "claude"}), shell=True)  # want "RED:direct-literal"
