# tmux send-keys types a command into the pane's shell.
tmux send-keys -t agent 'claude -p hi' Enter # want "RED:eval"
