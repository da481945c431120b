# tmux new-session runs its command string through a shell.
tmux new-session -d -s agent 'claude -p hi' # want "RED:eval"
