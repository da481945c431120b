# cmd.exe /c and /C hand the rest of the argv to the Windows shell: the
# command line runs the runtime (issue 22).
import subprocess

subprocess.run(["cmd.exe", "/c", "claude -p hi"])  # want "RED:eval"
subprocess.run(["cmd", "/C", "claude", "-p", "hi"])  # want "RED:eval"
subprocess.Popen(["C:\\Windows\\System32\\cmd.exe", "/d", "/s", "/c", "claude -p"])  # want "RED:eval"
