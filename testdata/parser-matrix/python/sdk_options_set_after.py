# SDK options set after construction: cli_path set to the shim is gated;
# a later permission_mode of bypassPermissions is the primitive.
from claude_agent_sdk import ClaudeAgentOptions, query

options = ClaudeAgentOptions()
options.cli_path = "/opt/bin/launch-runtime-claude"
options.permission_mode = "bypassPermissions"  # want "RED:dangerous-primitive"


async def main():
    async for m in query(prompt="hi", options=options):  # want "GATED"
        print(m)
