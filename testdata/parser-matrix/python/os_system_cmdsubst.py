# A command substitution inside os.system.
import os

os.system('echo "$(claude -p hi)"')  # want "RED:command-substitution"
