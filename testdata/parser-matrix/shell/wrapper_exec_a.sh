# exec -a renames argv[0] but runs the runtime.
exec -a agent claude -p hi # want "RED:direct-literal"
