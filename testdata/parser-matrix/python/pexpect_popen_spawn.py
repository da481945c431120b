# PopenSpawn from pexpect.popen_spawn.
from pexpect.popen_spawn import PopenSpawn

child = PopenSpawn("claude -p hi")  # want "RED:process-api"
