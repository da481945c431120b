# pexpect.spawn(command, args=[...]).
import pexpect

child = pexpect.spawn("claude", args=["-p", "hi"])  # want "RED:process-api"
