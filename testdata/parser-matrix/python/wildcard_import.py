# from subprocess import *.
from subprocess import *

run(["claude", "-p"])  # want "RED:process-api"
