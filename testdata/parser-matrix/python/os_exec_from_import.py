# execvp imported from os.
from os import execvp

execvp("claude", ["claude"])  # want "RED:process-api"
