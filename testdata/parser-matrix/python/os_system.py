# os.system runs a shell string.
import os

os.system("claude -p hi")  # want "RED:direct-literal"
