# trio.run_process with a sequence.
import trio


async def main():
    await trio.run_process(["claude", "-p"])  # want "RED:process-api"
