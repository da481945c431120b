# from plumbum.cmd import claude.
from plumbum.cmd import claude

claude["-p", "hi"]()  # want "RED:process-api"
