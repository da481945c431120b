# A closure's own local of the same name (no nonlocal) does not change the
# outer name.
import subprocess


def main():
    bin = "git"

    def pick():
        bin = "claude"
        return len(bin)

    pick()
    subprocess.run([bin, "status"])
