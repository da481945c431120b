# setsid starts the runtime in a new session.
setsid claude -p hi & # want "RED:direct-literal"
