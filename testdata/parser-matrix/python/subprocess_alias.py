# import subprocess as sp: the alias is followed.
import subprocess as sp

sp.run(["claude", "-p"])  # want "RED:process-api"
