# Near miss of sdk_wrapper_langchain.py: the Anthropic API's LangChain
# chat model runs no Claude Code, and the wrapper's class named only as a
# type starts nothing.
from typing import Optional

from langchain_anthropic import ChatAnthropic
from langchain_claude_code import ClaudeCodeChatModel


def pick(existing: Optional[ClaudeCodeChatModel] = None):
    return existing or ChatAnthropic(model="claude-sonnet-4-5")
