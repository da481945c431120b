# create_subprocess_exec imported under an alias.
from asyncio import create_subprocess_exec as cse


async def main():
    await cse("claude", "-p")  # want "RED:process-api"
