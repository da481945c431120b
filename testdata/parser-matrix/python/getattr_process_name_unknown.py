# A process API read by a name not known statically: getattr on a process
# module with a name from the environment or the command line, and a
# module imported by a computed name whose member some process module has
# (run, system). Any of those APIs: a sequence is an argv, a string the
# line a shell runs.
import importlib
import os
import subprocess
import sys

getattr(subprocess, os.environ["RUNNER"])(["claude", "-p", "hi"])  # want "RED:process-api"

fn = getattr(os, sys.argv[1])
fn("claude -p hi")  # want "RED:direct-literal"

m = importlib.import_module(os.environ["MOD"])
m.run(["claude", "-p"])  # want "RED:process-api"

__import__(os.environ["X"]).system("pi -p hi")  # want "RED:direct-literal"
