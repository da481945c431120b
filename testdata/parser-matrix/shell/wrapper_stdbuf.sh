# stdbuf changes buffering and runs the runtime.
stdbuf -oL claude -p hi | tee agent.log # want "RED:direct-literal"
