# A plumbum pipeline runs each of its commands.
from plumbum import local

(local["claude"]["-p", "hi"] | local["grep"]["done"])()  # want "RED:process-api"
