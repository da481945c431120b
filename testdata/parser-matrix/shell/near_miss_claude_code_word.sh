# claude-code and claudex are not the claude command.
claude-code --help
claudex run
