# nice -n runs the runtime at low priority.
nice -n 10 claude -p hi # want "RED:direct-literal"
