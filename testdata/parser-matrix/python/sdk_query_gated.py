# query() whose cli_path is a launch-runtime shim: gated.
from claude_agent_sdk import ClaudeAgentOptions, query


async def main():
    opts = ClaudeAgentOptions(cli_path="/opt/leasegate/bin/launch-runtime-claude")
    async for message in query(prompt="hi", options=opts):  # want "GATED"
        print(message)
