# `node SCRIPT` where the script is one of several files and only one is a
# runtime's entry point (a conditional expression, two returns): any
# possibility that starts a runtime makes the launch RED, as in shell and
# Go (issue 16, pi-server). A `bash -c` line that is one of several and a
# package runner's package that is one of several too.
import os
import subprocess


def find_cli(root):
    if root == "":
        return "/opt/pi/shim.js"
    return os.path.join(root, "@mariozechner", "pi-coding-agent", "dist", "cli.js")


def start(fast):
    cli = "/opt/pi/shim.js" if os.name == "nt" else "/usr/lib/node_modules/@mariozechner/pi-coding-agent/dist/cli.js"
    subprocess.run(["node", cli, "--mode", "rpc"])  # want "RED:process-api"
    subprocess.run(["node", find_cli(os.environ.get("NPM_ROOT", ""))])  # want "RED:process-api"
    subprocess.run(["bash", "-c", "ls -l" if fast else "claude -p hi"])  # want "RED:eval"
    subprocess.run(["npx", "prettier" if fast else "@anthropic-ai/claude-code"])  # want "RED:package-runner"
