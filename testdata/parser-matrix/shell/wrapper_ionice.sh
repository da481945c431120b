# ionice -c 3 runs the runtime idle.
ionice -c 3 claude -p hi # want "RED:direct-literal"
