# from sh import claude.
from sh import claude

claude("-p", "hi")  # want "RED:process-api"
