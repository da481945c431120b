# anyio.open_process.
from anyio import open_process


async def main():
    async with await open_process(["claude", "-p"]) as proc:  # want "RED:process-api"
        pass
