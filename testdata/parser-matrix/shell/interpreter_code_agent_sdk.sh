# node -e and python -c code that imports an Agent SDK and calls it: the
# code goes to the TS/JS or Python detector, so the SDK inside it is RED
# at the code (issue 16). Code that names the SDK in a printed string, or
# imports another module, starts nothing.
python3 -c "from claude_agent_sdk import query; query(prompt='hi')" # want "RED:sdk"
node -e "const { query } = require('@anthropic-ai/claude-agent-sdk'); query({ prompt: 'hi' })" # want "RED:sdk"
python3 -c "print('claude_agent_sdk')"
node -e "const { query } = require('./local-query'); query({ prompt: 'claude' })"
