# The gated form in a shell string.
import os

os.system("launch-runtime --runtime claude -- -p hi")  # want "GATED"
