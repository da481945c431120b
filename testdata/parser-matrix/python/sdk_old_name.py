# The old claude_code_sdk package name.
from claude_code_sdk import ClaudeCodeOptions, query


async def main():
    async for m in query(prompt="x", options=ClaudeCodeOptions(max_turns=1)):  # want "RED:sdk"
        pass
