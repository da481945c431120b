# A want on the line above.
import subprocess

# want +1 "RED:process-api"
proc = subprocess.Popen(
    ["claude", "-p"],
)
