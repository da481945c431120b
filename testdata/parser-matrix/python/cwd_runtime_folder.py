# A runtime's file run by a relative name from the working folder a
# process API is given (review 26's folder rule, for code): cwd= the
# runtime's package folder. Near miss: near_miss_cwd_runtime_folder.py.
import os
import subprocess

PKG = "/usr/local/lib/node_modules/@anthropic-ai/claude-code"
subprocess.run(["node", "cli.js", "-p", "x"], cwd=PKG)  # want "RED:process-api"
subprocess.Popen(["node", "dist/cli.js"], cwd="/opt/npm/node_modules/@mariozechner/pi-coding-agent")  # want "RED:process-api"
# the process's own folder, changed: later commands run there
os.chdir(PKG)
subprocess.run(["node", "cli.js", "-p", "later"])  # want "RED:process-api"
