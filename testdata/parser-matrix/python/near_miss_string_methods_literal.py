# The same methods over literals that name no runtime.
import base64
import subprocess

subprocess.run(["git".upper().lower(), "status"])
subprocess.run(["tig"[::-1], "log"])
subprocess.run(["claude-notes.txt".replace(".txt", ".md")])
subprocess.run([base64.b64decode("Z2l0").decode(), "log"])
subprocess.run(["make".zfill(2)])
