# anyio.run_process with a string runs it in a shell.
import anyio


async def main():
    await anyio.run_process("claude -p hi")  # want "RED:direct-literal"
