# asyncio.create_subprocess_shell runs a shell string.
import asyncio


async def main():
    await asyncio.create_subprocess_shell("claude -p hi")  # want "RED:direct-literal"
