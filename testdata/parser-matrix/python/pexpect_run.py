# pexpect.run.
import pexpect

out = pexpect.run("claude --version")  # want "RED:process-api"
