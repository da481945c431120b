# An unquoted tracked variable behind nohup.
C=claude
nohup $C -p hi # want "RED:variable-execution"
