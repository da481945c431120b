# A functools.partial of a process API handed to a function the file does
# not define (a library's, an object's method) is there to be called: its
# bound command is judged where the partial is written. A partial handed
# to a function of the file is followed into it instead (the launch is its
# call of the parameter).
import asyncio
import functools
import subprocess
from concurrent.futures import ThreadPoolExecutor

job = functools.partial(subprocess.run, ["claude", "-p", "review"], check=True)

with ThreadPoolExecutor() as pool:
    pool.submit(job)  # want "RED:process-api"
    pool.submit(functools.partial(subprocess.run, ["pi", "-p", "x"]))  # want "RED:process-api"


async def main():
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, functools.partial(subprocess.check_output, ["claude", "--version"]))  # want "RED:process-api"


def later(fn):
    return fn()  # want "RED:process-api"


later(functools.partial(subprocess.run, ["claude"]))
