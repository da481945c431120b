# permission_mode='bypassPermissions' as an SDK option is the primitive.
from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient

opts = ClaudeAgentOptions(permission_mode="bypassPermissions")  # want "RED:dangerous-primitive"
client = ClaudeSDKClient(options=opts)  # want "RED:sdk"
