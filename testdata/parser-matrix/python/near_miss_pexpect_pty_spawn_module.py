# Near miss: pexpect's pty_spawn and ptyprocess's submodule running ssh and
# a shell.
from pexpect.pty_spawn import spawn
from ptyprocess.ptyprocess import PtyProcess

spawn("ssh build-host")
PtyProcess.spawn(["bash", "-l"])
