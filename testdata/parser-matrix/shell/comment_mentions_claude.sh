# A comment that names the runtime is not a launch.
# claude -p "summarise the repo"
# npx -y @anthropic-ai/claude-code
echo ok
