# Attaching to a tmux session named after the runtime starts nothing.
tmux attach -t claude
