# Log lines and prints that mention the runtime are data.
import logging
import subprocess

logging.info("starting claude")
print(f"claude finished in {1}s")
subprocess.run(["true"])
