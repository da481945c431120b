# asyncio.create_subprocess_exec(program, *args).
import asyncio


async def main():
    proc = await asyncio.create_subprocess_exec("claude", "-p", "x")  # want "RED:process-api"
    await proc.wait()
