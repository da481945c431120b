# unbuffer runs the runtime.
unbuffer claude -p hi # want "RED:direct-literal"
