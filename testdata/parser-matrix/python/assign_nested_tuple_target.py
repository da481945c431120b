# A nested tuple target of an assignment: each name is its element's element.
import subprocess

PAIRS = [("claude", "-p")]
(tool, flag), = PAIRS
subprocess.run([tool, flag, "go"])  # want "RED:variable-execution"
