# A file-local function that returns the runtime's path (environment default): the call's value is dynamic.
import os
import subprocess


def claude_path():
    if os.name == "nt":
        return "claude.exe"
    return os.environ.get("CLAUDE_PATH", "claude")


subprocess.run([claude_path(), "-p", "hi"])  # want "RED:dynamic"
