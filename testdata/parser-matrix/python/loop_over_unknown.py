# A loop variable over a list the analysis cannot read (an unmodelled
# call's result) runs as the program, and the file names the runtime as a
# command could be written: dynamic.
import subprocess

from registry import agents_for

DEFAULT = "claude"
for exe in agents_for(DEFAULT):
    subprocess.run([exe, "-p", "hi"])  # want "RED:dynamic"
