# npm view/info of the runtime's package runs nothing.
npm view @anthropic-ai/claude-code version
