# An option set from its own value is read while it is worked out: the
# evaluator must not chase it to its depth bound.
import subprocess

opts = dict(timeout=10, cmd="git")
opts.timeout = opts.timeout or 20
opts.cmd = opts.cmd or "hg"
subprocess.run([opts.cmd, "status"], timeout=opts.timeout)
