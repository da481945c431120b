# Near miss: ptyprocess running a shell and git.
from ptyprocess import PtyProcess, PtyProcessUnicode

PtyProcess.spawn(["bash", "--login"])
PtyProcessUnicode.spawn(["git", "log", "--grep", "claude"])
