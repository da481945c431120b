# pexpect's spawn imported from the module that defines it, and ptyprocess's
# class from its own submodule: the same APIs.
from pexpect.pty_spawn import spawn
from ptyprocess.ptyprocess import PtyProcess

spawn("claude -p hi")  # want "RED:process-api"
PtyProcess.spawn(["pi", "-p", "hi"])  # want "RED:process-api"
