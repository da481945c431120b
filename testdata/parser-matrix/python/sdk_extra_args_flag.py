# The flag as an extra_args key.
from claude_agent_sdk import ClaudeAgentOptions

opts = ClaudeAgentOptions(extra_args={"dangerously-skip-permissions": None})  # want "RED:dangerous-primitive"
