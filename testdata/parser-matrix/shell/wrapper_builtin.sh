# builtin in front of the runtime is judged like command.
builtin claude -p hi # want "RED:direct-literal"
