# The runtime in a commit message is data.
git commit -m "claude: fix the prompt"
