# pty.spawn with an argv.
import pty

pty.spawn(["claude", "-p"])  # want "RED:process-api"
