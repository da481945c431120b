# An item set on a dict after its construction is one of its values, by
# its key or by any key.
import subprocess

BINS = {}
BINS["agent"] = "claude"
subprocess.run([BINS["agent"], "-p"])  # want "RED:process-api"


def go(k):
    subprocess.run([BINS[k], "-p"])  # want "RED:variable-execution"
