# The runtime's name through a method chain of forty links: every link is
# computed, once (near_miss_long_method_chain.py).
import subprocess

subprocess.run(["  claude  ".strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip().strip(), "-p"])  # want "RED:process-api"
