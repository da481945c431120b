# A call spread over lines is reported where it starts.
import subprocess

subprocess.run(  # want "RED:process-api"
    ["claude", "-p", "hi"],
    check=True,
)
