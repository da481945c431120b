# A -c string a process API hands a shell is scanned again with its $0
# and positional parameters bound to the words after it.
import subprocess

subprocess.run(["sh", "-c", '"$@"', "sh", "claude", "-p", "hi"])  # want "RED:eval"
subprocess.run(["bash", "-c", 'exec "$0" --print', "pi"])  # want "RED:eval"
