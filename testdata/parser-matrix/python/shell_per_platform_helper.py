# A helper picks the shell and its flag per platform; the command line is
# handed to whichever shell it picks (issue 22).
import os
import subprocess


def shell():
    if os.name == "nt":
        return ["cmd.exe", "/c"]
    return ["/bin/sh", "-c"]


def shell_pair():
    return ("cmd.exe", "/c") if os.name == "nt" else ("/bin/sh", "-c")


subprocess.run(shell() + ["claude -p hi"])  # want "RED:eval"
sh, flag = shell_pair()
subprocess.run([sh, flag, "claude -p hi"])  # want "RED:eval"
