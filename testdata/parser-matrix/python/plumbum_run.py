# plumbum .run() on a command object.
import plumbum

plumbum.local["claude"].run(["-p", "hi"])  # want "RED:process-api"
