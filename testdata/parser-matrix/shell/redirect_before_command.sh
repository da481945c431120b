# A redirection may come before the command word.
>out.log 2>&1 claude -p x # want "RED:direct-literal"
