# A dict looked up by a key not known statically may be any value; .get
# may also be its default.
import subprocess

BINS = {"fast": "claude", "local": "pi"}


def go(mode):
    subprocess.run([BINS[mode], "-p"])  # want "RED:variable-execution"
    subprocess.run([BINS.get(mode, "git"), "-p"])  # want "RED:variable-execution"
