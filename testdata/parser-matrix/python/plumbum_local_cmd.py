# plumbum's local.cmd.NAME is the command NAME, as plumbum.cmd.NAME is.
from plumbum import local

local.cmd.claude("-p", "hi")  # want "RED:process-api"
