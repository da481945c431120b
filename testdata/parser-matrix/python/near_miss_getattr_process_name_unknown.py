# Near miss of getattr_process_name_unknown.py: a process API by an unknown
# name running git, getattr on modules with no process API, and a module
# imported by a computed name whose member no process module has.
import importlib
import json
import os
import subprocess

getattr(subprocess, os.environ["RUNNER"])(["git", "status"])
getattr(json, os.environ["F"])("claude")
getattr(os.path, os.environ["P"])("claude", "bin")

plugin = importlib.import_module(os.environ["PLUGIN"])
plugin.register("claude")
