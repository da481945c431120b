# An unquoted tracked variable behind env.
C=claude
env FOO=1 $C -p hi # want "RED:variable-execution"
