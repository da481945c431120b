# A cli_path that is the runtime itself is not a shim.
from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient

client = ClaudeSDKClient(options=ClaudeAgentOptions(cli_path="/usr/local/bin/claude"))  # want "RED:sdk"
