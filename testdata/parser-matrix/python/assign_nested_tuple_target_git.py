# Near miss: a nested tuple target holding git stays green.
import subprocess

PAIRS = [("git", "status")]
(tool, flag), = PAIRS
subprocess.run([tool, flag])
