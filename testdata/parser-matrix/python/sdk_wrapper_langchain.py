# A LangChain chat model that wraps the Agent SDK is the SDK's client:
# each ainvoke runs Claude Code through claude_agent_sdk (the
# langchain-claude-code and langchain-claude-agent-sdk packages), so the
# model is reported where it is made, as ClaudeSDKClient(...) is.
import asyncio
from langchain_claude_code import ClaudeCodeChatModel
import langchain_claude_agent_sdk as lcas
from langchain_core.messages import HumanMessage


async def main():
    model = ClaudeCodeChatModel(model="sonnet")  # want "RED:sdk"
    agent = lcas.ChatClaudeAgent(model="opus")  # want "RED:sdk"
    print(await model.ainvoke([HumanMessage(content="review the diff")]), agent)

asyncio.run(main())
