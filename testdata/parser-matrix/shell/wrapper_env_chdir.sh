# env -C changes folder then runs the runtime.
env -C /tmp claude -p hi # want "RED:direct-literal"
