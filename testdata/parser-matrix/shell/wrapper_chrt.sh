# chrt with a priority runs the runtime.
chrt 10 claude -p hi # want "RED:direct-literal"
