# A helper receives `which(...) or 'claude'` from its caller: dynamic.
import shutil
import subprocess


def _spawn(exe, args):
    return subprocess.Popen([exe, *args])  # want "RED:dynamic"


def main():
    exe = shutil.which("claude") or "claude"
    _spawn(exe, ["-p", "x"])
