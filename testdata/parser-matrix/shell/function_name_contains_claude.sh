# A function whose name contains the runtime's name is another command.
claude_setup() { echo "setting up"; }
claude_setup
