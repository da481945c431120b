# Near miss of partial_handed_off.py: the same partials handed off,
# binding git and make: clean.
import asyncio
import functools
import subprocess
from concurrent.futures import ThreadPoolExecutor

job = functools.partial(subprocess.run, ["git", "-p", "review"], check=True)

with ThreadPoolExecutor() as pool:
    pool.submit(job)
    pool.submit(functools.partial(subprocess.run, ["make", "-p", "x"]))


async def main():
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, functools.partial(subprocess.check_output, ["git", "--version"]))


def later(fn):
    return fn()


later(functools.partial(subprocess.run, ["git"]))
