# ClaudeSDKClient starts the runtime: class sdk.
from claude_agent_sdk import ClaudeSDKClient


async def main():
    async with ClaudeSDKClient() as client:  # want "RED:sdk"
        await client.query("hello")
