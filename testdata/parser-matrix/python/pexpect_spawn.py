# pexpect.spawn splits its command line into an argv (no shell).
import pexpect

child = pexpect.spawn("claude -p hi")  # want "RED:process-api"
child.expect(pexpect.EOF)
