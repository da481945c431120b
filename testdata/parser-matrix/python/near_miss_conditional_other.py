# A conditional expression whose branches are both other programs is clean.
import subprocess


def fmt(strict, path):
    tool = "ruff" if strict else "black"
    subprocess.call([tool, path])
