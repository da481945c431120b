# |& pipes stderr too.
claude -p x |& tee agent.log # want "RED:direct-literal"
