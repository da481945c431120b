# A helper's **kwargs is the keyword arguments of its calls in the file,
# one object per call site: `kw["argv"]`, `kw.get("prog")` read the
# argument of that name, so a call passing the runtime there launches
# it. Near miss: near_miss_kwargs_param_in_file.py.
import subprocess


def run(**kw):
    return subprocess.run(kw["argv"], check=True)  # want "RED:process-api"


def start(cwd, **opts):
    return subprocess.Popen([opts.get("prog", "git"), "-p", "go"], cwd=cwd)  # want "RED:process-api"


run(argv=["claude", "-p", "go"])
run(argv=["git", "status"])
start("/tmp", prog="pi")
