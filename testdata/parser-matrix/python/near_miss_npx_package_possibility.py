# npx with a package argument whose every possibility is another tool.
import subprocess


def go(fast):
    pkg = "prettier" if fast else "eslint"
    subprocess.run(["npx", "-y", pkg])
