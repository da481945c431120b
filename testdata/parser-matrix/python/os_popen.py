# os.popen runs a shell string.
import os

text = os.popen("claude -p hi").read()  # want "RED:direct-literal"
