# Agent SDK query() without a shim: class sdk.
from claude_agent_sdk import query


async def main():
    async for message in query(prompt="hi"):  # want "RED:sdk"
        print(message)
