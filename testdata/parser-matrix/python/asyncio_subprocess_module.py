# asyncio.subprocess imported as a module.
import asyncio.subprocess as asp


async def main():
    await asp.create_subprocess_exec("claude", "--version")  # want "RED:process-api"
