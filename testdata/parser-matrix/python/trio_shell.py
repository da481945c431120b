# trio.run_process with shell=True.
import trio


async def main():
    await trio.run_process("claude -p hi", shell=True)  # want "RED:direct-literal"
