# the time keyword times the runtime.
time claude -p hi # want "RED:direct-literal"
