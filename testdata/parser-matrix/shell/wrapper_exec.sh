# exec replaces the shell with the runtime.
exec claude -p hi # want "RED:direct-literal"
