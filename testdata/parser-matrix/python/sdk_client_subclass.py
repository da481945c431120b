# A subclass of the Agent SDK's client is the client: its constructor
# starts the runtime as ClaudeSDKClient's does (class sdk), also through a
# subclass of the subclass; a subclass given a shim's options is gated.
from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient


class ReviewClient(ClaudeSDKClient):
    async def review(self, diff):
        await self.query(f"Review this diff:\n{diff}")


class StrictReviewClient(ReviewClient):
    pass


async def main():
    async with ReviewClient() as c:  # want "RED:sdk"
        await c.review("x")
    async with StrictReviewClient() as c:  # want "RED:sdk"
        await c.review("y")
    opts = ClaudeAgentOptions(cli_path="/opt/leasegate/bin/launch-runtime-claude")
    async with ReviewClient(options=opts) as c:  # want "GATED"
        await c.review("z")
