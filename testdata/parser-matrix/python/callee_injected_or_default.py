# A process API as the default of an injected function (`runner or
# subprocess.run`): the call may call the default. Was silent: a fallback
# whose right side is a function was unknown.
import subprocess


def review(runner=None):
    run = runner or subprocess.run
    return run(["claude", "-p", "review"])  # want "RED:process-api"
