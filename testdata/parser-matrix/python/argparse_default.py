# A command-line option whose default is a runtime: the program is the
# user's choice at run time, claude unless told otherwise.
import argparse
import subprocess

p = argparse.ArgumentParser()
p.add_argument("--agent-bin", default="claude")
p.add_argument("prompt")
args = p.parse_args()
subprocess.run([args.agent_bin, "-p", args.prompt], check=True)  # want "RED:dynamic"
