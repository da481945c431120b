# os.popen2/3/4, platform.popen and the popen2 module run a shell command
# line (issue 22).
import os
import platform
import popen2

os.popen2("claude -p hi")  # want "RED:direct-literal"
os.popen3("claude -p hi")  # want "RED:direct-literal"
os.popen4("claude -p hi")  # want "RED:direct-literal"
platform.popen("claude -p hi")  # want "RED:direct-literal"
popen2.popen2("claude -p hi")  # want "RED:direct-literal"
popen2.popen3("claude -p hi")  # want "RED:direct-literal"
popen2.Popen3("claude -p hi")  # want "RED:direct-literal"
popen2.Popen4("claude -p hi")  # want "RED:direct-literal"
