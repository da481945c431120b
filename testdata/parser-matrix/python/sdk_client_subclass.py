# A subclass of the Agent SDK's client is the client: its constructor
# starts the runtime as ClaudeSDKClient's does (class sdk), also through a
# subclass of the subclass and a base imported under an alias; a
# subclass given a shim's options is gated.
from claude_agent_sdk import ClaudeAgentOptions, ClaudeSDKClient
from claude_agent_sdk import ClaudeSDKClient as Client


class ReviewClient(ClaudeSDKClient):
    async def review(self, diff):
        await self.query(f"Review this diff:\n{diff}")


class StrictReviewClient(ReviewClient):
    pass


class AliasedClient(Client):
    pass


async def main():
    async with ReviewClient() as c:  # want "RED:sdk"
        await c.review("x")
    async with StrictReviewClient() as c:  # want "RED:sdk"
        await c.review("y")
    async with AliasedClient() as c:  # want "RED:sdk"
        await c.query("w")
    opts = ClaudeAgentOptions(cli_path="/opt/leasegate/bin/launch-runtime-claude")
    async with ReviewClient(options=opts) as c:  # want "GATED"
        await c.review("z")
