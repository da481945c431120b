# anyio.run_process with a sequence: argv.
import anyio


async def main():
    await anyio.run_process(["claude", "-p"])  # want "RED:process-api"
