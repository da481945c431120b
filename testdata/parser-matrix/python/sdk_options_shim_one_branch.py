# cli_path is the shim in one branch only: not every possibility is gated.
import os

from claude_agent_sdk import ClaudeAgentOptions, query

options = ClaudeAgentOptions(cli_path="/usr/local/bin/claude")
if os.environ.get("CI"):
    options.cli_path = "/opt/bin/launch-runtime-claude"


async def main():
    async for m in query(prompt="hi", options=options):  # want "RED:sdk"
        print(m)
