# handed_process_api.py with fixed tools only; the runtime's name as a
# job's label is no argument of the process API.
import asyncio
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor
from subprocess import check_output

import tenacity

with ThreadPoolExecutor() as ex:
    ex.submit(subprocess.run, ["git", "fetch"])


async def main(loop):
    await loop.run_in_executor(None, check_output, ["make", "-j2"])
    await asyncio.to_thread(os.system, "ls -l")
    jobs.add("claude", subprocess.run)


tenacity.Retrying()(subprocess.call, ["ruff", "check"])
