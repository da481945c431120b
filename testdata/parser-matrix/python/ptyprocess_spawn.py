# ptyprocess (the pty layer under pexpect) runs an argv in a
# pseudo-terminal: PtyProcess.spawn(argv, ...), PtyProcessUnicode.spawn
# (a fresh reviewer's find).
import ptyprocess
from ptyprocess import PtyProcess, PtyProcessUnicode

PtyProcess.spawn(["claude", "-p", "hi"])  # want "RED:process-api"
PtyProcessUnicode.spawn(["pi", "-p", "hi"], dimensions=(24, 80))  # want "RED:process-api"
ptyprocess.PtyProcessUnicode.spawn(argv=["claude"])  # want "RED:process-api"
