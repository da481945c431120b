# xvfb-run runs its command under a virtual display; tmux new-window runs
# its string in a shell.
xvfb-run -a claude -p x # want "RED:direct-literal"
tmux new-window -n agent 'pi' # want "RED:eval"
tmux rename-window claude
