# The runtime named literally in command position.
claude -p "hello" # want "RED:direct-literal"
