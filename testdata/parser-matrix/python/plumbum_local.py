# plumbum local['claude'] called.
from plumbum import local

local["claude"]("-p", "hi")  # want "RED:process-api"
