# Installing the runtime's package starts nothing.
npm install -g @anthropic-ai/claude-code
npm i --save-dev @mariozechner/pi-coding-agent
