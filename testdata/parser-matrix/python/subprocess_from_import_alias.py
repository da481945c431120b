# from subprocess import Popen as P.
from subprocess import Popen as P

proc = P(["claude", "-p"])  # want "RED:process-api"
proc.wait()
