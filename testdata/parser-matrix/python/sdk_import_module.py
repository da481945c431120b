# import claude_agent_sdk as sdk.
import claude_agent_sdk as sdk


async def main():
    async for m in sdk.query(prompt="x"):  # want "RED:sdk"
        pass
