# A conditional expression whose one branch is a literal and the other not
# known: the literal stands, marked, so a module's name or a getattr name
# read from it may be any (review 12, c3_py_condexpr_*).
import importlib
import subprocess
import sys

name = sys.argv[1] if len(sys.argv) > 1 else "json"
importlib.import_module(name).run(["claude", "-p"])  # want "RED:process-api"

fn = getattr(subprocess, sys.argv[2] if len(sys.argv) > 2 else "list2cmdline")
fn(["pi", "-p"])  # want "RED:process-api"
