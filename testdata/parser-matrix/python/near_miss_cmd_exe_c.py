# cmd.exe /c running another program.
import subprocess

subprocess.run(["cmd.exe", "/c", "dir"])
subprocess.run(["cmd", "/C", "git", "status"])
