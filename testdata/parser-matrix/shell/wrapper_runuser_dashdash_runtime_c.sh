# After --, -c belongs to the runtime, which is the command.
runuser -u agent -- claude -c foo # want "RED:direct-literal"
