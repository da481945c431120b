# env runs the runtime.
env claude -p hi # want "RED:direct-literal"
