# os.spawnv*/posix_spawn*/execv with keyword arguments: the program and
# the argv are found by keyword as by position (issue 22).
import os

os.spawnv(os.P_WAIT, file="/usr/local/bin/claude", args=["claude", "-p", "hi"])  # want "RED:process-api"
os.spawnvpe(os.P_WAIT, file="claude", args=["claude", "-p"], env={})  # want "RED:process-api"
os.posix_spawn(path="/usr/local/bin/claude", argv=["claude", "-p"], env={})  # want "RED:process-api"
os.posix_spawnp(path="claude", argv=["claude", "-p"], env=os.environ)  # want "RED:process-api"
