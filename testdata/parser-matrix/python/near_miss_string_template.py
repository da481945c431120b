# Near miss of string_template.py: the same templates running git, and
# one that prints the runtime's name.
import subprocess
import string

subprocess.run(string.Template("$b status").substitute(b="git"), shell=True)
print(string.Template("$b is not started here").substitute(b="claude"))
