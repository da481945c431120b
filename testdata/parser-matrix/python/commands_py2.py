# The Python 2 commands module runs a shell string.
import commands

out = commands.getoutput("claude -p hi")  # want "RED:direct-literal"
