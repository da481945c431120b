# Options passed positionally; a Path to the shim.
from pathlib import Path

from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient

client = ClaudeSDKClient(ClaudeAgentOptions(cli_path=Path("./launch-runtime")))  # want "GATED"
