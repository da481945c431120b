# nohup runs the runtime detached from the terminal.
nohup claude -p hi > agent.log 2>&1 & # want "RED:direct-literal"
