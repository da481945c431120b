# Paths into the runtime's config folder are arguments, not commands.
ls ~/.claude
cat "$HOME/.claude/settings.json"
mkdir -p .claude/commands
