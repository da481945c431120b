# Near miss of sdk_client_subclass.py: the same shape over another
# library's client (an HTTP client), whose subclass starts nothing.
from httpx import AsyncClient


class ReviewClient(AsyncClient):
    async def review(self, diff):
        await self.post("/review", content=diff)


class StrictReviewClient(ReviewClient):
    pass


async def main():
    async with ReviewClient() as c:
        await c.review("x")
    async with StrictReviewClient() as c:
        await c.review("claude")
