# Near miss of kwargs_param_in_file.py: the same helpers reading their
# **kwargs, called with git, and the runtime's name only under another
# keyword or as an argument.
import subprocess


def run(**kw):
    return subprocess.run(kw["argv"], check=True)


def start(cwd, **opts):
    return subprocess.Popen([opts.get("prog", "git"), "-p", "go"], cwd=cwd)


run(argv=["git", "log", "--grep", "claude"], label="claude")
start("claude", prog="make")
start("/tmp", tool="claude")
