# client.query() on a client is not a second launch.
from claude_agent_sdk import ClaudeSDKClient


async def main():
    client = ClaudeSDKClient()  # want "RED:sdk"
    await client.connect()
    await client.query("hello")
