# caffeinate -i runs the runtime.
caffeinate -i claude -p hi # want "RED:direct-literal"
