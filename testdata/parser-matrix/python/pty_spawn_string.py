# pty.spawn with a program name.
from pty import spawn

spawn("claude")  # want "RED:process-api"
