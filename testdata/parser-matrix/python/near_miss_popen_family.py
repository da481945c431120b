# The same functions running other programs.
import os
import platform
import popen2

os.popen2("git status")
platform.popen("uname -a")
popen2.Popen3("ls -l")
