# Near miss of cwd_runtime_folder.py: relative files run from other
# programs' folders, and a runtime's folder as the working folder of
# another program.
import os
import subprocess

PKG = "/usr/local/lib/node_modules/typescript"
subprocess.run(["node", "bin/tsc", "-p", "."], cwd=PKG)
subprocess.run(["git", "status"], cwd="/usr/local/lib/node_modules/@anthropic-ai/claude-code")
subprocess.run(["node", "cli.js"], cwd="/srv/app")
os.chdir(PKG)
subprocess.run(["node", "bin/tsc", "-p", "."])
