# str.format_map and str.format with named fields: each field is the entry
# of its name.
import subprocess

cmd = "{tool} -p {q}".format_map({"tool": "claude", "q": "'hi'"})
subprocess.run(cmd, shell=True)  # want "RED:direct-literal"
subprocess.run("{tool} -p {q}".format(tool="claude", q="x"), shell=True)  # want "RED:direct-literal"
