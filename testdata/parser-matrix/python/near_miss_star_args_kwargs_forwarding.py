# The forwarding wrapper of star_args_kwargs_forwarding.py called with
# fixed tools only: nothing names a runtime.
import subprocess


def run(*a, **k):
    return subprocess.run(*a, **k)


def sh(*args, **kwargs):
    return subprocess.check_output(*args, shell=True, **kwargs)


run(["git", "--version"], check=True)
run(["make", "test"])
sh("ls -l | wc -l")
