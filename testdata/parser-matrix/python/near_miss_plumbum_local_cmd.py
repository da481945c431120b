# Near miss: local.cmd running git.
from plumbum import local

local.cmd.git("log", "--grep", "claude")
