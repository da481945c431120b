# Names that contain the runtime name are plain variables.
claude_version=1
CLAUDE_HOME="$HOME/.claude"
echo "$claude_version $CLAUDE_HOME"
