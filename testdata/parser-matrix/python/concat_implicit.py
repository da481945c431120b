# Implicit string concatenation.
import os

os.system("claude " "-p hi")  # want "RED:direct-literal"
