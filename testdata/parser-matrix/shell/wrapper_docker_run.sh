# docker run IMAGE command runs the command in a container.
docker run --rm -it -e X=1 -v "$PWD:/w" node:20 npx -y @anthropic-ai/claude-code -p hi # want "RED:package-runner"
