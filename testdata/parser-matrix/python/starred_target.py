# A target the binder does not split (a starred name: `cmd, *args = ...`)
# binds values the analysis lost track of; one runs as the program, and
# the file names the runtime as a command could be written. Unknown is
# never absent: dynamic (fresh reviewer, sixteenth stop).
import subprocess

cmd, *args = ["claude", "-p", "review the diff"]
subprocess.run([cmd, *args])  # want "RED:dynamic"
