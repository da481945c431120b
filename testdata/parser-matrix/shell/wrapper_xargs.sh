# xargs -I runs the runtime per input line.
printf '%s\n' a b | xargs -I{} claude -p {} # want "RED:direct-literal"
