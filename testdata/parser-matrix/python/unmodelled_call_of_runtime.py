# A function the analysis does not model, handed a runtime's name, may
# hand it back: its result is the name or an unknown, judged on the name
# (a package's resolver, a method of an object of unknown class);
# json.loads of a JSON string is that string; sorted() leaves any element
# in any place.
import json
import subprocess

import binresolver


def run(registry):
    subprocess.run([binresolver.resolve("claude"), "-p"])  # want "RED:process-api"
    subprocess.run([registry.normalise("claude")])  # want "RED:process-api"
    subprocess.run([json.loads('"claude"'), "-p"])  # want "RED:process-api"
    names = sorted(["zz", "claude"])
    subprocess.run([names[0]])  # want "RED:variable-execution"
