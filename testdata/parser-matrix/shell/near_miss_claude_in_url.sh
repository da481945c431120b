# A URL naming the runtime is an argument.
curl -fsSL https://claude.ai/install.sh -o install.sh
