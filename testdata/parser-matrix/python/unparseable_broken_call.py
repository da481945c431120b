# A syntax error inside a process API call makes the file unparseable.
import subprocess

subprocess.run(["claude" ;;; ]]]  # want "RED:unparseable"
