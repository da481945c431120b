# A process API handed, with its arguments, to a function the file does
# not define (an executor, the event loop, asyncio.to_thread, a retry
# helper of a library) is called by it with what follows it: the argv is
# judged where written. Near miss: near_miss_handed_process_api.py.
import asyncio
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor
from subprocess import check_output

import tenacity

with ThreadPoolExecutor() as ex:
    ex.submit(subprocess.run, ["claude", "-p", "x"])  # want "RED:process-api"


async def main(loop):
    await loop.run_in_executor(None, check_output, ["pi", "-p", "y"])  # want "RED:process-api"
    await asyncio.to_thread(os.system, "claude -p z")  # want "RED:direct-literal"


tenacity.Retrying()(subprocess.call, ["claude"])  # want "RED:process-api"
