# loop.subprocess_exec(protocol, program, *args) on any loop object.
import asyncio


async def main(loop):
    await loop.subprocess_exec(asyncio.SubprocessProtocol, "claude", "-p")  # want "RED:process-api"
