# plumbum cmd[...] & FG runs in the foreground.
from plumbum import local, FG

local["claude"]["-p", "hi"] & FG  # want "RED:process-api"
