# Near miss of node_script_one_of_several.py: the same shapes where no
# possibility is a runtime's entry point, a runtime line or a runtime's
# package (the runtime's name only as a later argument).
import os
import subprocess


def find_cli(root):
    if root == "":
        return "/opt/tools/shim.js"
    return os.path.join(root, "@acme", "formatter", "dist", "cli.js")


def start(fast):
    cli = "/opt/tools/shim.js" if os.name == "nt" else "/usr/lib/node_modules/@acme/formatter/dist/cli.js"
    subprocess.run(["node", cli, "--mode", "rpc", "claude"])
    subprocess.run(["node", find_cli(os.environ.get("NPM_ROOT", ""))])
    subprocess.run(["bash", "-c", "ls -l" if fast else "echo claude"])
    subprocess.run(["npx", "prettier" if fast else "eslint", "pi"])
