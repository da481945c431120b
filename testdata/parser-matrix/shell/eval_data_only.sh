# eval of a harmless string stays clean.
eval "echo claude"
eval 'export CLAUDE_HOME=$HOME/.claude'
