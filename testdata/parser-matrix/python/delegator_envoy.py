# delegator.py runs a command line in a shell; envoy splits a line into
# commands and words: both start the program the line names.
import delegator
import envoy

delegator.run("claude -p hi")  # want "RED:direct-literal"
delegator.run(["pi", "-p", "hi"])  # want "RED:process-api"
envoy.run("claude -p hi | tee out.txt")  # want "RED:direct-literal"
