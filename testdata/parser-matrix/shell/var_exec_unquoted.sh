# An unquoted tracked variable behind exec.
C=claude
exec $C -p hi # want "RED:variable-execution"
