# Near miss: the option defaults to another tool, and a help text names
# the runtime.
import argparse
import subprocess

p = argparse.ArgumentParser(description="runs git, not claude")
p.add_argument("--vcs", default="git", help="use git or claude")
args = p.parse_args()
subprocess.run([args.vcs, "status"], check=True)
