# shutil.which(...) or 'claude'.
import shutil
import subprocess

subprocess.run([shutil.which("claude") or "claude", "-p"])  # want "RED:dynamic"
