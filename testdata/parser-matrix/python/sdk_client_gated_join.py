# cli_path built with os.path.join ending in the shim.
import os

from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient

SHIM = os.path.join(os.path.dirname(__file__), "bin", "launch-runtime-claude")


async def main():
    async with ClaudeSDKClient(options=ClaudeAgentOptions(cli_path=SHIM)) as client:  # want "GATED"
        await client.query("hello")
