# flock with a lock file runs the runtime.
flock /tmp/agent.lock claude -p hi # want "RED:direct-literal"
